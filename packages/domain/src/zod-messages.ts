import type { z } from 'zod';
import { MSG } from './messages';

/**
 * pt-BR names of the fields people fill in (API bodies and forms), with the adjective's ending, so a
 * validation message reads "Dia de aniversário inválido" rather than naming `birthDay`.
 */
const FIELD_LABELS: Record<string, readonly [label: string, ending: 'o' | 'a']> = {
  name: ['Nome', 'o'],
  customerName: ['Nome', 'o'],
  phone: ['Telefone', 'o'],
  email: ['E-mail', 'o'],
  customerEmail: ['E-mail', 'o'],
  password: ['Senha', 'a'],
  newPassword: ['Senha', 'a'],
  token: ['Link de recuperação', 'o'],
  cep: ['CEP', 'o'],
  address: ['Endereço', 'o'],
  number: ['Número', 'o'],
  complement: ['Complemento', 'o'],
  neighborhood: ['Bairro', 'o'],
  city: ['Cidade', 'a'],
  state: ['Estado', 'o'],
  birthDay: ['Dia de aniversário', 'o'],
  birthMonth: ['Mês de aniversário', 'o'],
  companyName: ['Nome da empresa', 'o'],
  items: ['Itens do pedido', 'o'],
  productId: ['Produto', 'o'],
  quantity: ['Quantidade', 'a'],
  variationId: ['Tamanho', 'o'],
  colorIds: ['Cor', 'a'],
  addonIds: ['Adicional', 'o'],
  flavorIds: ['Sabor', 'o'],
  notes: ['Observação', 'a'],
  note: ['Observação', 'a'],
  deliveryType: ['Tipo de entrega', 'o'],
  tableNumber: ['Número da mesa', 'o'],
  couponCode: ['Cupom', 'o'],
  code: ['Código', 'o'],
  subtotal: ['Subtotal', 'o'],
  paymentMethod: ['Forma de pagamento', 'a'],
  cashReceived: ['Valor recebido', 'o'],
  installments: ['Parcelamento', 'o'],
  shippingOptionId: ['Opção de frete', 'a'],
  clientTotal: ['Total', 'o'],
  restaurantSlug: ['Restaurante', 'o'],
  slug: ['Restaurante', 'o'],
  rating: ['Avaliação', 'a'],
  comment: ['Comentário', 'o'],
  orderId: ['Pedido', 'o'],
  message: ['Mensagem', 'a'],
  id: ['Identificador', 'o'],
};

type RawIssue = { code?: string; input?: unknown; path?: readonly PropertyKey[] };

/** The pt-BR label of the innermost named field of an issue's path ('items.0.quantity' → Quantidade). */
function labelOf(path: readonly PropertyKey[] | undefined) {
  const key = [...(path ?? [])].reverse().find((p): p is string => typeof p === 'string');
  return key ? FIELD_LABELS[key] : undefined;
}

/**
 * The message of a validation issue whose schema gave none: "<campo> é obrigatório" when missing,
 * "<campo> inválido" otherwise, or a generic pt-BR sentence for a field without a label. Never a
 * field name or the library's own wording. Used as zod's global `customError` on server and web.
 */
export function ptBrIssueMessage(issue: RawIssue): string {
  const label = labelOf(issue.path);
  if (!label) return issue.input === undefined ? MSG.requiredField : MSG.checkFields;
  const [name, ending] = label;
  return issue.input === undefined || issue.input === null || issue.input === ''
    ? `${name} é obrigatóri${ending}`
    : `${name} inválid${ending}`;
}

/** Installs the pt-BR messages as zod's defaults (schema-specific messages still win). */
export function configurePtBrMessages(zod: { config: typeof z.config }) {
  zod.config({ customError: (issue) => ptBrIssueMessage(issue as RawIssue) });
}
