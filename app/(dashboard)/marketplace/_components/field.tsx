"use client";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Input } from "@/components/ui/input";

/** A labelled input with its hint and its error, the error tied to the input for screen readers. */
export function Field({ id, label, hint, error, children, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string; error?: string; children?: ReactNode }) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children ?? <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
