import { LogIn, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { isCustomer, useAuth } from '@/lib/auth';
import { useIdle } from '@/lib/idle';
import type { PublicMenu } from '../menu-types';
import { HeaderAction } from './menu-header';

// The customer login/sign-up dialog belongs to the checkout feature; loaded when 'Entrar' is pressed.
const CustomerAuthDialog = lazy(() =>
  import('../checkout/customer-auth-dialog').then((m) => ({ default: m.CustomerAuthDialog })),
);

export function AccountButton({ restaurant }: { restaurant: PublicMenu['restaurant'] }) {
  // The session only switches 'Entrar' to 'Minha conta': ask for it after the menu has painted, so the
  // menu's own request is the only one before first paint.
  const menuPainted = useIdle();
  const { user } = useAuth({ load: menuPainted });
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginLoaded, setLoginLoaded] = useState(false);
  if (isCustomer(user) && user.restaurant.id === restaurant.id) {
    return (
      <Link
        to="/customer-dashboard"
        aria-label="Minha conta"
        title="Minha conta"
        className="inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-black/55 px-3 text-sm font-medium text-white backdrop-blur-sm hover:bg-black/70 [&_svg]:size-5"
      >
        <UserRound aria-hidden />
        <span className="hidden md:inline">Minha conta</span>
      </Link>
    );
  }
  return (
    <>
      <HeaderAction
        label="Entrar"
        text="Entrar"
        icon={<LogIn aria-hidden />}
        onClick={() => {
          setLoginLoaded(true);
          setLoginOpen(true);
        }}
      />
      {loginLoaded && (
        <Suspense fallback={null}>
          <CustomerAuthDialog
            open={loginOpen}
            onOpenChange={setLoginOpen}
            slug={restaurant.slug}
            restaurantName={restaurant.name}
          />
        </Suspense>
      )}
    </>
  );
}
