import { OFFLINE_MSG } from '@meucardapio/domain/cashier-offline';
import { ExternalLink, LogOut, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { toastTitledError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useStaff } from '@/lib/staff';
import { forgetStaffData } from '@/lib/staff-app';
import { unsyncedSaleCount } from './cashier/use-offline-sales';
import { ChatDialog, useUnreadChatCount } from './chat/chat-dialog';

/** Top bar of the admin shell: restaurant, who is signed in, menu link, chat and Sair. */
export function AdminHeader({ withSidebar = true }: { withSidebar?: boolean }) {
  const { staff, restaurant } = useStaff();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [chatOpen, setChatOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const unread = useUnreadChatCount();

  async function onLogout() {
    setLeaving(true);
    try {
      // Sales made offline live in this browser until the server has them: signing out would strand them.
      if (restaurant && (await unsyncedSaleCount(restaurant.id)) > 0) {
        toast.error(OFFLINE_MSG.blockedTitle, { description: OFFLINE_MSG.signOutBlocked, duration: 10_000 });
        return;
      }
      await logout();
      await forgetStaffData();
      toast.success('Logout realizado');
      navigate('/auth', { replace: true });
    } catch (err) {
      toastTitledError(err, 'Erro ao fazer logout');
    } finally {
      setLeaving(false);
    }
  }

  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      {withSidebar ? <SidebarTrigger className="-ml-1" /> : <BrandLogo compact />}
      <div className="min-w-0 flex-1 leading-tight">
        <p className="truncate text-sm font-semibold sm:text-base">{restaurant?.name ?? 'Meu negócio'}</p>
        <p className="truncate text-xs text-muted-foreground sm:hidden">
          {staff.name} · {staff.profile.name}
        </p>
      </div>

      <div className="hidden min-w-0 text-right leading-tight sm:block">
        <p className="truncate text-sm font-medium">{staff.name}</p>
        <p className="truncate text-xs text-muted-foreground">{staff.profile.name}</p>
      </div>

      {restaurant?.slug && (
        <Button variant="outline" size="sm" asChild className="max-sm:size-9 max-sm:px-0">
          <a href={`/${restaurant.slug}`} target="_blank" rel="noopener">
            <ExternalLink aria-hidden />
            <span className="max-sm:sr-only">Ver cardápio</span>
          </a>
        </Button>
      )}

      <Button
        variant="outline"
        size="sm"
        className="relative max-sm:size-9 max-sm:px-0"
        onClick={() => setChatOpen(true)}
      >
        <MessageCircle aria-hidden />
        <span className="max-sm:sr-only">Chat</span>
        {unread > 0 && (
          <span className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-medium text-white tabular-nums">
            {unread}
            <span className="sr-only"> mensagens não lidas</span>
          </span>
        )}
      </Button>

      <Button variant="ghost" size="sm" onClick={onLogout} loading={leaving} className="max-sm:size-9 max-sm:px-0">
        {!leaving && <LogOut aria-hidden />}
        <span className="max-sm:sr-only">Sair</span>
      </Button>

      <ChatDialog open={chatOpen} onOpenChange={setChatOpen} />
    </header>
  );
}
