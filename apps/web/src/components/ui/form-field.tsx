import type * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/**
 * A label, a control and its error/hint underneath. Pass the control's id as `htmlFor`, and give
 * the control `aria-invalid` and `aria-describedby={`${htmlFor}-error`}` when there is an error.
 */
export function FormField({
  label,
  htmlFor,
  error,
  hint,
  className,
  children,
}: {
  label: React.ReactNode;
  htmlFor: string;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}
