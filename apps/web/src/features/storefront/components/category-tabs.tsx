import { cn } from '@/lib/utils';
import { ALL_CATEGORIES, REVIEWS_TAB } from '../menu-logic';
import type { PublicMenu } from '../menu-types';

export function CategoryTabs({
  categories,
  active,
  onChoose,
}: {
  categories: PublicMenu['categories'];
  active: string;
  onChoose: (tab: string) => void;
}) {
  const tabs = [
    { id: ALL_CATEGORIES, name: 'Todos' },
    ...categories.map((c) => ({ id: c.id, name: c.name })),
    { id: REVIEWS_TAB, name: 'Avaliações' },
  ];

  return (
    <nav
      aria-label="Categorias"
      className="sticky top-0 z-30 mt-4 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80"
    >
      <div className="no-scrollbar mx-auto flex max-w-6xl gap-2 overflow-x-auto px-4 py-2.5 md:px-6" role="tablist">
        {tabs.map((t) => {
          const selected = active === t.id;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => onChoose(t.id)}
              className={cn(
                'h-9 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                selected
                  ? 'border-transparent bg-[var(--sf-primary)] text-[var(--sf-primary-foreground)]'
                  : 'bg-background hover:bg-accent',
              )}
            >
              {t.name}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
