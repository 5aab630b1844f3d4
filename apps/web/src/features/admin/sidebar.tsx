import { MSG } from '@meucardapio/domain/messages';
import { House } from 'lucide-react';
import { useMemo } from 'react';
import { NavLink } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { useStaff } from '@/lib/staff';
import { FiscalNotesBadge } from './fiscal/fiscal-notes-badge';
import { visibleNav } from './nav';

/** The admin sidebar: entries grouped Cadastro · Atendimento · Financeiro · Operação · Sistema, filtered by permission. */
export function AdminSidebar() {
  const ctx = useStaff();
  const { isMobile, setOpenMobile } = useSidebar();
  const groups = useMemo(() => visibleNav(ctx), [ctx]);
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar label="Menu do painel">
      <SidebarHeader className="h-14 justify-center border-b px-3 group-data-[collapsible=icon]:px-2">
        <div className="flex min-w-0 items-center gap-2">
          <BrandLogo compact />
          <div className="min-w-0 leading-tight group-data-[collapsible=icon]:hidden">
            <p className="truncate text-sm font-semibold">{ctx.restaurant?.name ?? 'MeuCardápio'}</p>
            <p className="truncate text-xs text-muted-foreground">Painel administrativo</p>
          </div>
        </div>
      </SidebarHeader>

      <SidebarContent>
        <SidebarGroup className="pb-0">
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild tooltip="Início">
                <NavLink to="/admin" end onClick={closeOnMobile}>
                  <House aria-hidden />
                  <span>Início</span>
                </NavLink>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarGroup>

        {groups.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted-foreground group-data-[collapsible=icon]:hidden">
            {MSG.noFeatures}
          </p>
        ) : (
          groups.map((group) => (
            <SidebarGroup key={group.label}>
              <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
              <SidebarMenu>
                {group.entries.map((entry) => (
                  <SidebarMenuItem key={entry.path}>
                    <SidebarMenuButton asChild tooltip={entry.label}>
                      <NavLink to={`/admin/${entry.path}`} onClick={closeOnMobile}>
                        <entry.icon aria-hidden />
                        <span>{entry.label}</span>
                        {entry.path === 'fiscal-notes' && <FiscalNotesBadge />}
                      </NavLink>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                ))}
              </SidebarMenu>
            </SidebarGroup>
          ))
        )}
      </SidebarContent>

      <SidebarFooter className="border-t group-data-[collapsible=icon]:hidden">
        <div className="min-w-0 px-2 py-1 leading-tight">
          <p className="truncate text-sm font-medium">{ctx.staff.name}</p>
          <p className="truncate text-xs text-muted-foreground">{ctx.staff.profile.name}</p>
        </div>
      </SidebarFooter>
    </Sidebar>
  );
}
