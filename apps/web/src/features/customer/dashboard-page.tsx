import { LogOut, Store } from 'lucide-react';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { type CustomerMe, isCustomer, useAuth } from '@/lib/auth';
import { useToastsBelow } from '@/lib/toast';
import { AccessRequired } from './access-required';
import { AddressBook } from './address-book';
import { MyDataSection } from './my-data-section';
import { OrdersSection } from './orders-section';
import { ProfileSection } from './profile-section';

/** /customer-dashboard: profile, address book and live orders of the signed-in customer. */
export default function CustomerDashboardPage() {
  const { user, status } = useAuth();
  if (status === 'loading') return <DashboardSkeleton />;
  if (!isCustomer(user)) return <AccessRequired staff={!!user} />;
  return <Dashboard user={user} />;
}

function DashboardSkeleton() {
  return (
    <main className="mx-auto grid max-w-3xl gap-4 p-4">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </main>
  );
}

function Dashboard({ user }: { user: CustomerMe }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const slug = user.restaurant.slug;
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);

  async function signOut() {
    await logout();
    navigate(`/${slug}`);
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <header ref={header} className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate text-xs text-muted-foreground">{user.restaurant.name}</p>
            <h1 className="truncate text-lg font-semibold">Olá, {user.name.split(' ')[0]}!</h1>
          </div>
          <Button asChild variant="outline" size="sm" className="h-10">
            <Link to={`/${slug}`}>
              <Store aria-hidden /> <span className="hidden sm:inline">Cardápio</span>
            </Link>
          </Button>
          <Button variant="ghost" size="sm" className="h-10" onClick={signOut}>
            <LogOut aria-hidden /> Sair
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-4 p-4 md:grid-cols-[1fr_1fr]">
        <div className="md:col-span-2">
          <OrdersSection />
        </div>
        <ProfileSection />
        <AddressBook />
        <div className="md:col-span-2">
          <MyDataSection user={user} />
        </div>
      </main>
    </div>
  );
}
