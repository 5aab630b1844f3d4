/**
 * Where the restaurant's money goes — its PIX key and its payment-provider handle — and the record of each
 * change (decision 048). Values are kept and shown masked: the record proves a change happened and lets the
 * owner recognise their own key, without becoming a list of full keys.
 */

export type MoneyDestinationField = 'pix_key' | 'provider_handle';

export const MONEY_DESTINATION_LABELS: Record<MoneyDestinationField, string> = {
  pix_key: 'Chave PIX',
  provider_handle: 'Identificador no pagamento online',
};

/** One change as the owner sees it. */
export type MoneyDestinationChangeView = {
  field: MoneyDestinationField;
  oldMasked: string | null;
  newMasked: string | null;
  changedByName: string;
  /** Made by someone other than the owner: the notice asks the owner to look. */
  byOwner: boolean;
  createdAt: string;
};

/** The first two and last two characters of a value, the rest hidden; short values wholly hidden. */
export function maskDestination(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (v.length < 8) return '•'.repeat(v.length);
  return `${v.slice(0, 2)}${'•'.repeat(v.length - 4)}${v.slice(-2)}`;
}

export const MONEY_DESTINATION_MSG = {
  passwordTitle: 'Confirme sua senha',
  passwordRequired:
    'Alterar a chave PIX ou o identificador do pagamento online exige a sua senha. Digite-a para confirmar.',
  passwordWrong: 'Senha incorreta. A alteração não foi salva.',
} as const;
