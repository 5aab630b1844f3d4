import { z } from 'zod';
import { MSG } from './messages';
import { itemNoteSchema, orderNoteSchema } from './order-display';
import type { CustomerOrderView } from './order-views';
import type { PaymentType } from './payment';

/**
 * The storefront checkout's contract: the bodies the browser sends and the answers the server gives
 * (money in centavos). The server parses with these schemas; the checkout form builds the same shapes.
 */

const optText = (max: number) => z.string().trim().max(max).nullish();

/** What a cart line names besides its quantity and note, as the storefront and the PDV both send it. */
export const proposedLineChoices = {
  productId: z.uuid({ message: 'Produto inválido' }),
  variationId: z.string().max(100).nullish(),
  colorIds: z.array(z.string().max(100)).max(20).default([]),
  addonIds: z.array(z.string().max(100)).max(50).default([]),
  flavorIds: z
    .array(z.uuid({ message: 'Sabor inválido' }))
    .max(12)
    .default([]),
};

/** The cart as a PROPOSAL: ids and quantities only; every price is recomputed by the server. */
export const orderProposalSchema = z.object({
  restaurantSlug: z.string().trim().max(80).nullish(),
  items: z
    .array(
      z.object({
        ...proposedLineChoices,
        quantity: z.number().int().min(1, MSG.invalidQuantity).max(999, MSG.invalidQuantity),
        notes: itemNoteSchema,
      }),
    )
    .min(1, MSG.emptyCart)
    .max(100),
  deliveryType: z.enum(['delivery', 'pickup', 'dine_in'], { message: 'Tipo de entrega inválido' }),
  tableNumber: z.number().int().min(1).max(100000).nullish(),
  name: optText(120),
  phone: optText(30),
  address: optText(200),
  number: optText(20),
  complement: optText(120),
  neighborhood: optText(120),
  city: optText(120),
  state: optText(60),
  cep: optText(12),
  note: orderNoteSchema,
  /** "CPF na nota?": the buyer of the order's NFC-e (fiscal-rules' checkBuyerDocument; a CNPJ is refused). */
  customerCpf: optText(20),
  couponCode: optText(50),
  /**
   * The chosen method's id. Absent at a table whose account is open: the order goes on the tab, paid at
   * the end (the server then ignores any method); everywhere else the server asks for one.
   */
  paymentMethod: z
    .string({ message: MSG.selectPaymentMethod })
    .trim()
    .max(100, MSG.selectPaymentMethod)
    .nullish()
    .transform((v) => v || null),
  cashReceived: z.number().int().min(0).max(100_000_000).nullish(),
  installments: z.number().int().min(1).max(12).nullish(),
  shippingOptionId: z.string().max(100).nullish(),
  /** What the browser computed; ignored (the server total wins) and only logged when it differs. */
  clientTotal: z.number().nullish(),
});
/** What the browser sends. */
export type OrderProposalInput = z.input<typeof orderProposalSchema>;
/** What the server works with after parsing. */
export type OrderProposal = z.output<typeof orderProposalSchema>;
export type StorefrontDeliveryType = OrderProposal['deliveryType'];

/** POST /api/customer/orders answer. */
export type CreatedOrder = { order: CustomerOrderView; checkoutUrl: string | null; replayed: boolean };

/** POST …/coupons/validate body. */
export const couponValidationSchema = z.object({
  code: z.string({ message: 'Informe o código do cupom' }).trim().min(1, 'Informe o código do cupom').max(50),
  subtotal: z.number().int().min(0).max(100_000_000),
});
export type CouponValidation = { code: string; discount: number };

/** POST …/shipping/quote body. */
export const shippingQuoteSchema = z.object({
  cep: z.string().trim().max(12).nullish(),
  items: z
    .array(z.object({ productId: z.uuid({ message: 'Produto inválido' }), quantity: z.number().int().min(1).max(999) }))
    .max(100),
});
export type ShippingQuoteInput = z.input<typeof shippingQuoteSchema>;

/** A carrier option for a parcel; `price` in centavos, `deliveryTime` in business days. */
export type ShippingOption = { id: string; name: string; company: string; price: number; deliveryTime: number };
export type ShippingQuote = { shipped: boolean; options: ShippingOption[] };

/** A payment method as the checkout offers it. */
export type CheckoutPaymentMethod = {
  id: string;
  name: string;
  icon: string | null;
  type: PaymentType | null;
  /** Paid through the provider's hosted checkout (card and pix). */
  online: boolean;
  /** "PIX (QR Code)": paid to the restaurant's own PIX key, confirmed by staff (decision 025). */
  localPix: boolean;
  requiresChange: boolean;
  maxInstallments: number;
};

/** GET /api/public/restaurants/:slug/checkout-options answer. */
export type CheckoutOptions = {
  /** `address`: where pickup orders are collected, null until the owner fills it in. */
  restaurant: { id: string; name: string; slug: string; address: string | null };
  neighborhoods: { id: string; name: string; deliveryFee: number }[];
  states: { code: string; name: string; cities: string[] }[];
  paymentMethods: CheckoutPaymentMethod[];
  /** Whether the card/PIX checkout handle is set; without it online payment is refused. */
  hasCheckoutReferrer: boolean;
  /** Open right now by the restaurant's hours and timezone, on the server's clock. */
  openNow: boolean;
  /** 'Abriremos Segunda às 18:00' or 'Estamos fechados no momento.' while closed. */
  closedDescription: string | null;
  /** Asked with `?table=N`: that table's account is open, so an order there goes on its tab (no payment now). */
  tableTabOpen: boolean;
};

/**
 * The checkout form as typed. Name and phone are required here ('Informe seu nome.' / 'Informe seu
 * telefone.'); what depends on the cart, the restaurant's areas and the chosen method is judged by
 * the checks that read them (delivery.ts, payment.ts), since a schema cannot see them.
 */
export const checkoutFormSchema = z.object({
  name: z.string().trim().min(1, 'Informe seu nome.'),
  phone: z.string().trim().min(1, 'Informe seu telefone.'),
  deliveryType: z.enum(['delivery', 'pickup', 'dine_in']),
  cep: z.string(),
  address: z.string(),
  number: z.string(),
  complement: z.string(),
  state: z.string(),
  city: z.string(),
  neighborhood: z.string(),
  paymentMethodId: z.string(),
  cashInput: z.string(),
  installments: z.number().int().min(1),
  shippingOptionId: z.string(),
  note: z.string(),
  /** Optional; judged with the NFC-e's buyer rule when the order is placed. */
  cpf: z.string(),
});
export type CheckoutFormValues = z.infer<typeof checkoutFormSchema>;
