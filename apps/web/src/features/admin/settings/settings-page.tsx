import { type SettingsTab, visibleSettingsTabs } from '@meucardapio/domain/permissions';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorText } from '@/lib/api';
import { PermissionDenied, useStaff } from '@/lib/staff';
import { FiscalTab } from './fiscal-tab';
import { GeneralTab } from './general-tab';
import { HoursTab } from './hours-tab';
import { PixSettingsCard } from './pix-settings-card';
import { ReviewsTab } from './reviews-tab';
import { useSettings } from './settings-api';
import { WhatsappTab } from './whatsapp-tab';

const TAB_LABEL: Record<SettingsTab, string> = {
  general: 'Informações Gerais',
  hours: 'Horários',
  reviews: 'Avaliações',
  fiscal: 'Fiscal',
  whatsapp: 'WhatsApp',
};

function SettingsTabs({ tabs }: { tabs: SettingsTab[] }) {
  const settings = useSettings();
  const { can, staff } = useStaff();
  const [tab, setTab] = useState<SettingsTab>(tabs[0]);
  const data = settings.data;

  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as SettingsTab)}>
      <TabsList>
        {tabs.map((t) => (
          <TabsTrigger key={t} value={t}>
            {TAB_LABEL[t]}
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
          {tabs.includes('general') && data.general && (
            <TabsContent value="general" className="grid gap-6">
              <GeneralTab initial={data.general} />
              {can('manage_cashier') && !staff.cashierOnly && <PixSettingsCard />}
            </TabsContent>
          )}
          {tabs.includes('hours') && (
            <TabsContent value="hours">
              <HoursTab />
            </TabsContent>
          )}
          {tabs.includes('reviews') && data.reviews && (
            <TabsContent value="reviews">
              <ReviewsTab initial={data.reviews} />
            </TabsContent>
          )}
          {tabs.includes('fiscal') && data.fiscal && (
            <TabsContent value="fiscal">
              <FiscalTab initial={data.fiscal} />
            </TabsContent>
          )}
          {tabs.includes('whatsapp') && data.whatsapp && (
            <TabsContent value="whatsapp">
              <WhatsappTab initial={data.whatsapp} />
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
      <PageHeader title="Configurações" description="Informações do negócio, horários, avaliações e integrações." />
      {tabs.length === 0 ? (
        <PermissionDenied message="Você não tem permissão para acessar as configurações." />
      ) : (
        <SettingsTabs tabs={tabs} />
      )}
    </div>
  );
}
