import { type SettingsTab, visibleSettingsTabs } from '@meucardapio/domain/permissions';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorText } from '@/lib/api';
import { PermissionDenied, useStaff } from '@/lib/staff';
import { useLeaveGuard } from '@/lib/unsaved-changes';
import { FiscalTab } from './fiscal-tab';
import { GeneralTab } from './general-tab';
import { HoursTab } from './hours-tab';
import { IntegrationsTab } from './integrations-tab';
import { MoneyChangesNotice } from './money-changes-notice';
import { usePixDraft } from './pix-settings-card';
import { PrintersTab } from './printers-tab';
import { ReviewsTab } from './reviews-tab';
import { useSettings } from './settings-api';
import { TablesTab } from './tables-tab';
import { WhatsappTab } from './whatsapp-tab';

const TAB_LABEL: Record<SettingsTab, string> = {
  general: 'Informações Gerais',
  hours: 'Horários',
  tables: 'Mesas',
  reviews: 'Avaliações',
  fiscal: 'Fiscal',
  whatsapp: 'WhatsApp',
  printers: 'Impressoras',
  integrations: 'Integrações',
};

/**
 * Every tab stays mounted while another is shown, so switching tabs keeps what was typed; leaving the
 * page with any tab unsaved asks first.
 */
function SettingsTabs({ tabs }: { tabs: SettingsTab[] }) {
  const settings = useSettings();
  const { can, staff } = useStaff();
  const [tab, setTab] = useState<SettingsTab>(tabs[0]);
  const [dirtyTabs, setDirtyTabs] = useState<ReadonlySet<SettingsTab>>(new Set());
  // One stable callback per tab: the tabs report from an effect that depends on it.
  const onDirty = useMemo(() => {
    const report = (t: SettingsTab) => (dirty: boolean) =>
      setDirtyTabs((prev) => {
        if (prev.has(t) === dirty) return prev;
        const next = new Set(prev);
        if (dirty) next.add(t);
        else next.delete(t);
        return next;
      });
    return {
      general: report('general'),
      hours: report('hours'),
      tables: report('tables'),
      reviews: report('reviews'),
      fiscal: report('fiscal'),
      whatsapp: report('whatsapp'),
      printers: report('printers'),
      integrations: report('integrations'),
    };
  }, []);
  const leaveGuard = useLeaveGuard(dirtyTabs.size > 0);
  const pix = usePixDraft(tabs.includes('general') && can('manage_cashier') && !staff.cashierOnly);
  const data = settings.data;

  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as SettingsTab)}>
      {leaveGuard}
      <TabsList>
        {tabs.map((t) => (
          <TabsTrigger key={t} value={t}>
            {TAB_LABEL[t]}
            {dirtyTabs.has(t) && (
              <span className="size-1.5 rounded-full bg-amber-500" role="img" aria-label="alterações não salvas" />
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      {settings.isPending ? (
        <div className="mt-4 grid gap-4">
          <Skeleton className="h-64 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : settings.isError || !data ? (
        <div role="alert" className="mt-4 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
          <p className="font-medium text-destructive">Erro ao carregar restaurante</p>
          <p className="text-muted-foreground">{errorText(settings.error).description}</p>
        </div>
      ) : (
        <>
          <MoneyChangesNotice changes={data.moneyChanges} />
          {tabs.includes('general') && data.general && (
            <TabsContent value="general" forceMount className="data-[state=inactive]:hidden">
              <GeneralTab
                initial={data.general}
                pix={can('manage_cashier') && !staff.cashierOnly ? pix : undefined}
                onDirtyChange={onDirty.general}
              />
            </TabsContent>
          )}
          {tabs.includes('hours') && (
            <TabsContent value="hours" forceMount className="data-[state=inactive]:hidden">
              <HoursTab onDirtyChange={onDirty.hours} />
            </TabsContent>
          )}
          {tabs.includes('tables') && (
            <TabsContent value="tables" forceMount className="data-[state=inactive]:hidden">
              <TablesTab onDirtyChange={onDirty.tables} />
            </TabsContent>
          )}
          {tabs.includes('reviews') && data.reviews && (
            <TabsContent value="reviews" forceMount className="data-[state=inactive]:hidden">
              <ReviewsTab initial={data.reviews} onDirtyChange={onDirty.reviews} />
            </TabsContent>
          )}
          {tabs.includes('fiscal') && data.fiscal && (
            <TabsContent value="fiscal" forceMount className="data-[state=inactive]:hidden">
              <FiscalTab initial={data.fiscal} onDirtyChange={onDirty.fiscal} />
            </TabsContent>
          )}
          {tabs.includes('printers') && (
            <TabsContent value="printers" forceMount className="data-[state=inactive]:hidden">
              <PrintersTab />
            </TabsContent>
          )}
          {tabs.includes('integrations') && (
            <TabsContent value="integrations" forceMount className="data-[state=inactive]:hidden">
              <IntegrationsTab />
            </TabsContent>
          )}
          {tabs.includes('whatsapp') && data.whatsapp && (
            <TabsContent value="whatsapp" forceMount className="data-[state=inactive]:hidden">
              <WhatsappTab initial={data.whatsapp} onDirtyChange={onDirty.whatsapp} />
            </TabsContent>
          )}
        </>
      )}
    </Tabs>
  );
}

/** Settings: tabs gated by permission; the first visible tab opens by default. */
export default function SettingsPage() {
  const { actor } = useStaff();
  const tabs = visibleSettingsTabs(actor);
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Configurações"
        description="Informações do negócio, horários, avaliações, integrações e impressoras."
      />
      {tabs.length === 0 ? (
        <PermissionDenied message="Você não tem permissão para acessar as configurações." />
      ) : (
        <SettingsTabs tabs={tabs} />
      )}
    </div>
  );
}
