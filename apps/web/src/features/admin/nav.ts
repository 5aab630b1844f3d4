import type { PermissionKey } from '@meucardapio/domain/permissions';
import {
  Armchair,
  Bike,
  Boxes,
  Calculator,
  ChefHat,
  ClipboardList,
  Clock,
  CookingPot,
  CreditCard,
  LayoutGrid,
  type LucideIcon,
  Map as MapIcon,
  MapPin,
  Package,
  Pizza,
  Receipt,
  Settings,
  ShieldCheck,
  Star,
  Tags,
  Ticket,
  UserCog,
  Users,
} from 'lucide-react';
import { ADMIN_PAGES, type AdminPagePath } from '@/lib/admin-pages';
import { canOpenSettings, type StaffContext } from '@/lib/staff';

export type NavEntry = {
  path: AdminPagePath;
  /** The sidebar's short label. */
  label: string;
  icon: LucideIcon;
};

export type NavGroup = { label: string; entries: NavEntry[] };

export const ADMIN_NAV: NavGroup[] = [
  {
    label: 'Cadastro',
    entries: [
      { path: 'products', label: 'Produtos', icon: Package },
      { path: 'categories', label: 'Categorias', icon: Tags },
      { path: 'pizza-flavors', label: 'Sabores de Pizza', icon: Pizza },
      { path: 'stock', label: 'Estoque', icon: Boxes },
    ],
  },
  {
    label: 'Atendimento',
    entries: [
      { path: 'orders', label: 'Pedidos', icon: ClipboardList },
      { path: 'kitchen', label: 'Cozinha', icon: ChefHat },
      { path: 'customers', label: 'Clientes', icon: Users },
      { path: 'mesas', label: 'Mesas e Comandas', icon: Armchair },
      { path: 'tables', label: 'Mesas', icon: LayoutGrid },
      { path: 'reviews', label: 'Avaliações', icon: Star },
    ],
  },
  {
    label: 'Financeiro',
    entries: [
      { path: 'cashier', label: 'Caixa', icon: Calculator },
      { path: 'coupons', label: 'Cupons', icon: Ticket },
      { path: 'payment-methods', label: 'Formas de Pagamento', icon: CreditCard },
      { path: 'fiscal-notes', label: 'Notas fiscais', icon: Receipt },
    ],
  },
  {
    label: 'Operação',
    entries: [
      { path: 'delivery', label: 'Entregas', icon: Bike },
      { path: 'delivery-config', label: 'Configurações de Entrega', icon: MapPin },
      { path: 'states', label: 'Estados', icon: MapIcon },
      { path: 'hours', label: 'Horários', icon: Clock },
      { path: 'kitchen-settings', label: 'Configurações da Cozinha', icon: CookingPot },
    ],
  },
  {
    label: 'Sistema',
    entries: [
      { path: 'employees', label: 'Funcionários', icon: UserCog },
      { path: 'profiles', label: 'Perfis de Acesso', icon: ShieldCheck },
      { path: 'settings', label: 'Configurações', icon: Settings },
    ],
  },
];

/** Whether the staff member may open an admin page (permission and business segment). */
export function canOpenPage(ctx: StaffContext, path: AdminPagePath): boolean {
  const page = ADMIN_PAGES[path] as { permissions?: readonly PermissionKey[]; restaurantOnly?: boolean };
  if (page.restaurantOnly && ctx.isCommerce) return false;
  if (path === 'settings') return canOpenSettings(ctx.actor);
  return !page.permissions || ctx.canAny(page.permissions);
}

/** The sidebar groups with only the entries this staff member may open; empty groups dropped. */
export function visibleNav(ctx: StaffContext): NavGroup[] {
  return ADMIN_NAV.map((g) => ({ ...g, entries: g.entries.filter((e) => canOpenPage(ctx, e.path)) })).filter(
    (g) => g.entries.length > 0,
  );
}
