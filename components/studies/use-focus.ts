"use client";

import { useCallback, useEffect, useRef } from "react";

/** Move focus to an element by id after the next render (call it together with the state update that adds the element). */
export function useFocusAfterRender(): (id: string) => void {
  const target = useRef<string | null>(null);
  useEffect(() => {
    if (!target.current) return;
    document.getElementById(target.current)?.focus();
    target.current = null;
  });
  return useCallback((id: string) => {
    target.current = id;
  }, []);
}
