import { MSG } from '@meucardapio/domain/messages';
import { orderLabel } from '@meucardapio/domain/order-display';
import { CheckCircle2 } from 'lucide-react';
import { PixPaymentPanel } from '@/components/pix-payment-panel';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { type CustomerMe, isCustomer, useAuth } from '@/lib/auth';
import { useStorefront } from '../storefront-context';
import { CouponSection } from './coupon-section';
import { CustomerAuthDialog } from './customer-auth-dialog';
import { CustomerSection } from './customer-section';
import { DeliverySection } from './delivery-section';
import { NoteSection } from './note-section';
import { PaymentSection } from './payment-section';
import { SummarySection } from './summary-section';
import { useCheckoutForm } from './use-checkout-form';

export type CheckoutDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Finalizar Pedido': asks for a login first, then the order form. */
export function CheckoutDialog({ open, onOpenChange }: CheckoutDialogProps) {
  const { restaurant, preview } = useStorefront();
  const { user, status } = useAuth();
  const signedIn = isCustomer(user) && user.restaurant.id === restaurant.id;
  if (!open) return null;
  if (status === 'loading') return null;
  // Staff testing their menu order as themselves: the server checks their session.
  if (preview) return <CheckoutForm open={open} onOpenChange={onOpenChange} user={null} />;
  if (!signedIn) {
    return (
      <CustomerAuthDialog
        open={open}
        onOpenChange={onOpenChange}
        slug={restaurant.slug}
        restaurantName={restaurant.name}
        description="Entre ou cadastre-se para finalizar seu pedido."
        // Signed in: the checkout form takes over (this component re-renders with the user).
        onSignedIn={() => undefined}
      />
    );
  }
  return <CheckoutForm open={open} onOpenChange={onOpenChange} user={user} />;
}

export default CheckoutDialog;

function CheckoutForm({ open, onOpenChange, user }: CheckoutDialogProps & { user: CustomerMe | null }) {
  const checkout = useCheckoutForm({ open, user });
  const { cart, restaurant, closedText, placed } = checkout;

  if (placed?.pix) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent variant="sheet" className="max-h-[calc(100dvh-6rem)] overflow-y-auto">
          <div className="grid gap-4 py-2">
            <div className="flex flex-col items-center gap-1 text-center">
              <CheckCircle2 className="size-10 text-success" aria-hidden />
              <DialogTitle className="text-xl">{orderLabel(placed.number)} realizado!</DialogTitle>
              <DialogDescription>Falta só o pagamento: pague com PIX para o restaurante começar.</DialogDescription>
            </div>
            <PixPaymentPanel pix={placed.pix} total={placed.total} number={placed.number} />
            <Button variant="brand" size="lg" onClick={checkout.goToOrders}>
              Ver meus pedidos
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              O QR Code também fica no seu pedido, em Meus Pedidos.
            </p>
          </div>
        </DialogContent>
      </Dialog>
    );
  }

  if (placed) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent variant="sheet">
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <CheckCircle2 className="size-14 text-success" aria-hidden />
            <DialogTitle className="text-xl">{orderLabel(placed.number)} realizado!</DialogTitle>
            <DialogDescription>Você será levado para a sua área de pedidos em instantes.</DialogDescription>
            <Button variant="brand" size="lg" onClick={checkout.goToOrders}>
              Ver meus pedidos
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        variant="sheet"
        // max-h: the strip above the sheet stays free for a phone toast (see components/ui/toaster).
        className="max-h-[calc(100dvh-6rem)] gap-0 p-0 pb-0 md:max-w-xl md:p-0"
        // No keyboard popping up on phones as soon as the form opens.
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        <form onSubmit={checkout.submit} noValidate className="flex min-h-0 flex-col">
          <DialogHeader className="px-5 pt-5 pb-3 md:px-6 md:pt-6">
            <DialogTitle>Finalizar Pedido</DialogTitle>
            <DialogDescription>
              {cart.count} {cart.count === 1 ? 'item' : 'itens'} · {restaurant.name}
            </DialogDescription>
          </DialogHeader>

          {closedText && (
            <div
              role="alert"
              className="mx-5 mb-3 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive md:mx-6"
            >
              <strong className="block">{MSG.restaurantClosed}</strong>
              {closedText}
            </div>
          )}

          <div className="grid gap-5 px-5 pb-4 md:px-6">
            <CustomerSection form={checkout.form} />
            <DeliverySection checkout={checkout} />
            <CouponSection checkout={checkout} />
            <PaymentSection checkout={checkout} />
            <NoteSection form={checkout.form} note={checkout.values.note} />
          </div>

          <SummarySection checkout={checkout} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
