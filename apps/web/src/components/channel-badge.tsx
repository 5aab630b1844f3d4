import { channelStyle } from '@meucardapio/domain/marketplace';
import { cn } from '@/lib/utils';

/**
 * Where an order came from, in the app's own colour (iFood red, Keeta yellow…), with the short code
 * the app's customer and courier know it by. Our own orders read "Próprio" only where channels are
 * compared (reports); on order screens they carry no badge.
 */
export function ChannelBadge({
  channel,
  code,
  className,
}: {
  channel: string | null;
  code?: string | null;
  className?: string;
}) {
  const style = channelStyle(channel);
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-bold', className)}
      style={{ background: style.background, color: style.color }}
      data-channel={channel ?? 'own'}
    >
      <span>{style.label}</span>
      {code ? <span className="font-mono font-semibold">#{code}</span> : null}
    </span>
  );
}
