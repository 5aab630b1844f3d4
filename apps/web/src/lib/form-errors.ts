import { MSG } from '@meucardapio/domain/messages';
import type { FieldErrors } from 'react-hook-form';

/**
 * The message of a form's first invalid field: the zod resolver records fields in the order of the
 * schema's issues, so this is the message the server would answer with for the same body.
 */
export function firstFormError(errors: FieldErrors): string {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string' && error.message) return error.message;
  }
  return MSG.invalidData;
}
