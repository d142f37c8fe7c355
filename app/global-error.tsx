"use client";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import "./globals.css";

// The last resort: the root layout failed, or a page's answer was cut mid-stream (a server that went away while a page or
// a Retry was loading). It replaces the root layout, so no provider or catalog is here: its few words are below in both
// languages, chosen by the language of the page it replaces (the <html lang> the root layout wrote), Spanish when there
// was none. Reloading asks the server for the whole page again; what was stored is not touched by any of this.
const WORDS = {
  es: {
    title: "No pudimos cargar esta página",
    body: "Se cortó la respuesta del servidor o algo falló al mostrarla.",
    hint: "Vuelve a cargarla. Si sigue fallando, avisa a quien administra la aplicación.",
    reload: "Volver a cargar",
  },
  en: {
    title: "This page couldn't load",
    body: "The server's answer was cut off, or something failed while showing it.",
    hint: "Load it again. If it keeps failing, tell whoever runs the app.",
    reload: "Load again",
  },
} as const;

type Language = keyof typeof WORDS;

const never = () => () => {};
const pageLanguage = (): Language => (document.documentElement.lang === "en" ? "en" : "es");
const serverLanguage = (): Language => "es";

export default function GlobalError() {
  const language = useSyncExternalStore(never, pageLanguage, serverLanguage);
  const words = WORDS[language];
  return (
    <html lang={language}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <title>{words.title}</title>
        <main className="mx-auto flex max-w-lg flex-col items-center gap-2 px-6 py-24 text-center" role="alert">
          <h1 className="text-lg font-semibold">{words.title}</h1>
          <p className="text-sm text-slate-600">{words.body}</p>
          <p className="text-sm text-slate-500">{words.hint}</p>
          <Button className="mt-2" onClick={() => window.location.reload()}>
            {words.reload}
          </Button>
        </main>
      </body>
    </html>
  );
}
