import { Skeleton } from '@/components/ui/skeleton';

/** Shown while a route's code loads for the first time: a page-shaped skeleton, never a blank screen. */
export function PageFallback() {
  return (
    <div className="min-h-svh bg-background" aria-busy="true">
      <span className="sr-only">Carregando...</span>
      <div className="flex h-14 items-center gap-3 border-b px-4">
        <Skeleton className="size-8 rounded-lg" />
        <Skeleton className="h-4 w-32" />
      </div>
      <div className="mx-auto grid max-w-5xl gap-4 p-4 sm:p-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      </div>
    </div>
  );
}
