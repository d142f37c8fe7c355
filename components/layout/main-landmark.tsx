"use client";
import { createContext, useContext, type ComponentProps } from "react";

const InsideMain = createContext(false);

/**
 * A page's one `<main>` landmark, and the word to what renders inside it that there is one already: a screen that
 * stands alone (the 401, 403 and 404 messages) brings its own `<main>` only where no shell gave one (two nested
 * `<main>`s are two "main" landmarks to a screen reader).
 */
export function MainLandmark({ children, ...props }: ComponentProps<"main">) {
  return (
    <main {...props}>
      <InsideMain value={true}>{children}</InsideMain>
    </main>
  );
}

/** Whether a `<main>` landmark already surrounds this component. */
export const useInsideMain = () => useContext(InsideMain);
