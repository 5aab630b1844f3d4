import { PageHeader } from '@/components/page-header';

/** Placeholder: the cashier feature replaces this file (keep the default export). */
export default function CashierPage() {
  return <PageHeader title="Caixa" />;
}
