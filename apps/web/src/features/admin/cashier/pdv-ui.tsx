import type { RuleFailure } from '@meucardapio/domain/messages';
import type * as React from 'react';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

/** A keyboard shortcut hint shown on a button ('F4', 'Enter'). */
export function Kbd({
  className,
  tone = 'light',
  ...props
}: React.ComponentProps<'kbd'> & { tone?: 'light' | 'dark' }) {
  return (
    <kbd
      className={cn(
        'pointer-events-none inline-flex h-5 min-w-5 items-center justify-center rounded border px-1 font-mono text-[11px] leading-none font-medium',
        tone === 'dark' ? 'border-white/40 bg-white/15 text-current' : 'border-border bg-muted text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/** A refused rule of the domain as the spec's toast (title, and the description when there is one). */
export function toastRule(failure: RuleFailure) {
  toast.error(failure.title, { description: failure.description });
}

/** Whether a key event comes from a place where typing means text (inputs, selects, text areas). */
export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}
