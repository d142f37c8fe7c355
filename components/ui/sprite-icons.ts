// The icons components/ draws with <SpriteIcon>; app/icons.svg/route.ts adds the sidebar's to them. Its test checks
// that every <SpriteIcon icon={…}> in components/ and app/ is one of these or a sidebar icon.
export {
  AlertTriangle,
  ArrowLeft,
  CheckCircle2,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Columns3,
  CreditCard,
  Download,
  FilterX,
  Inbox,
  Loader2,
  LoaderCircle,
  LogOut,
  Menu,
  RefreshCw,
  RotateCcw,
  Search,
  Smartphone,
  X,
} from "lucide-react";
