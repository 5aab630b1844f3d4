import { Search, X } from 'lucide-react';

export function MenuSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative md:max-w-md">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Buscar no cardápio"
        aria-label="Buscar produtos"
        className="h-11 w-full rounded-full border bg-muted/40 pr-10 pl-9 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Limpar busca"
          onClick={() => onChange('')}
          className="absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground hover:bg-accent"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
