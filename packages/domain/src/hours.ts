import { fail, MSG, type RuleFailure } from './messages';

/** Restaurants keep their own timezone; this is the default one (ARCHITECTURE §6.10). */
export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

/** Index = day_of_week (0 = Sunday). */
export const WEEKDAY_LABELS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

export const DEFAULT_OPEN_TIME = '08:00';
export const DEFAULT_CLOSE_TIME = '18:00';

export type HoursRow = {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  isClosed: boolean;
  /** 'HH:MM'; null on a closed day. */
  openTime: string | null;
  closeTime: string | null;
};

/** Whether a text is a valid 24-hour 'HH:MM' time (00:00 … 23:59). */
export function isValidTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

function toMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

type LocalParts = Readonly<{ dayOfWeek: number; date: string; time: string; minutes: number }>;
/** The last instant's parts in each timezone, by its UTC minute. */
const lastParts = new Map<string, { minute: number; parts: LocalParts }>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-US with h23 gives stable English weekday names and 00–23 hours to parse, whatever the locale.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * A timezone's offset from UTC over a span of instants in which it does not change, worked out where
 * Intl is cheap (the server) and sent with a page: a browser's first use of Intl loads its locale and
 * timezone data, tens of milliseconds of a phone's main thread, and a menu's first render needs only
 * this zone's wall clock. Outside [from, until) the zone's name is used, through Intl, as always.
 */
export type ZoneOffset = Readonly<{ timeZone: string; offsetMinutes: number; from: number; until: number }>;

/** A timezone by name (read through Intl), or by an offset known for a span of instants. */
export type Zone = string | ZoneOffset;

const MINUTE_MS = 60_000;

function partsAtOffset(now: Date, offsetMinutes: number): LocalParts {
  // The instant moved by the offset reads, in UTC, as the zone's wall clock.
  const wall = new Date(now.getTime() + offsetMinutes * MINUTE_MS);
  const iso = wall.toISOString();
  const time = iso.slice(11, 16);
  return { dayOfWeek: wall.getUTCDay(), date: iso.slice(0, 10), time, minutes: toMinutes(time) };
}

/**
 * The wall-clock weekday, date and time of an instant in a timezone. Done with Intl rather than
 * offsets because timezones change (Brazil dropped daylight saving in 2019; others have not); an
 * offset is used only inside the span it was worked out for.
 * @throws RangeError for an unknown timezone.
 */
export function localParts(now: Date, zone: Zone): LocalParts {
  const at = now.getTime();
  if (typeof zone !== 'string' && at >= zone.from && at < zone.until) return partsAtOffset(now, zone.offsetMinutes);
  const timeZone = typeof zone === 'string' ? zone : zone.timeZone;
  // Every offset in use since 1972 is a whole number of minutes, so the instants of one UTC minute share
  // their local minute: each order of a busy minute does not pay for Intl's formatting again.
  const minute = Math.floor(at / MINUTE_MS);
  const last = lastParts.get(timeZone);
  if (last?.minute === minute) return last.parts;
  const raw: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(now)) raw[p.type] = p.value;
  const time = `${raw.hour}:${raw.minute}`;
  const parts = {
    dayOfWeek: WEEKDAY_INDEX[raw.weekday],
    date: `${raw.year}-${raw.month}-${raw.day}`,
    time,
    minutes: toMinutes(time),
  };
  lastParts.set(timeZone, { minute, parts });
  return parts;
}

const DAY_MS = 24 * 60 * MINUTE_MS;
/** Offsets change at most twice a year and never twice within this step, so probing at it finds every change. */
const PROBE_MS = 30 * MINUTE_MS;

function offsetMinutesAt(at: number, timeZone: string): number {
  const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  const { date, minutes } = localParts(new Date(minute), timeZone);
  return Math.round((Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS - minute) / MINUTE_MS);
}

/** Of the minutes between `same` (whose offset is `offset`) and `other` (whose offset differs), the differing one nearest `same`. */
function nearestChange(same: number, other: number, offset: number, timeZone: string): number {
  let lo = same;
  let hi = other;
  while (Math.abs(hi - lo) > MINUTE_MS) {
    const mid = lo + Math.trunc((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMinutesAt(mid, timeZone) === offset) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The last span worked out for each timezone, with the UTC day it was worked out on. */
const spans = new Map<string, { day: number; span: ZoneOffset }>();

/**
 * The offset of `timeZone` at `now` and the span around it, within the UTC day of `now` and the next,
 * in which it holds. The span is the same for every instant of a day without a change, so what
 * carries it (a menu and its ETag) does not change from one minute to the next; it is worked out once
 * per day and timezone (about a millisecond: a hundred or so Intl readings).
 * @throws RangeError for an unknown timezone.
 */
export function zoneOffsetAround(now: Date, timeZone: string): ZoneOffset {
  const at = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const first = Math.floor(at / DAY_MS) * DAY_MS;
  const known = spans.get(timeZone);
  if (known && known.day === first && at >= known.span.from && at < known.span.until) return known.span;
  const offset = offsetMinutesAt(at, timeZone);
  const last = first + 2 * DAY_MS - MINUTE_MS;
  const differs = (minute: number) => offsetMinutesAt(minute, timeZone) !== offset;
  let from = first;
  for (let probe = at; probe > first; ) {
    probe = Math.max(probe - PROBE_MS, first);
    if (differs(probe)) {
      from = nearestChange(at, probe, offset, timeZone) + MINUTE_MS;
      break;
    }
  }
  let until = last + MINUTE_MS;
  for (let probe = at; probe < last; ) {
    probe = Math.min(probe + PROBE_MS, last);
    if (differs(probe)) {
      until = nearestChange(at, probe, offset, timeZone);
      break;
    }
  }
  const span = { timeZone, offsetMinutes: offset, from, until };
  spans.set(timeZone, { day: first, span });
  return span;
}

/** The local calendar date 'YYYY-MM-DD' of an instant in a timezone (business days, reports). */
export function localDateString(now: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  return localParts(now, timeZone).date;
}

function usableRow(hours: readonly HoursRow[], day: number): { open: number; close: number; openTime: string } | null {
  const row = hours.find((h) => h.dayOfWeek === day);
  if (!row || row.isClosed || !row.openTime || !row.closeTime) return null;
  if (!isValidTime(row.openTime) || !isValidTime(row.closeTime)) return null;
  return { open: toMinutes(row.openTime), close: toMinutes(row.closeTime), openTime: row.openTime };
}

/**
 * Whether the restaurant is open at an instant: the local weekday's row is not closed and the local
 * HH:MM lies between open and close, both inclusive (minute precision, so 18:00:59 is still 18:00).
 * A close earlier than the open time means the shift runs past midnight: Friday 18:00–02:00 is open
 * on Friday from 18:00 and on Saturday until 02:00. A missing or invalid row means closed.
 */
export function isOpenAt(hours: readonly HoursRow[], now: Date, timeZone: Zone = DEFAULT_TIMEZONE): boolean {
  const { dayOfWeek, minutes } = localParts(now, timeZone);
  const today = usableRow(hours, dayOfWeek);
  if (today) {
    if (today.close >= today.open) {
      if (minutes >= today.open && minutes <= today.close) return true;
    } else if (minutes >= today.open) {
      return true;
    }
  }
  const yesterday = usableRow(hours, (dayOfWeek + 6) % 7);
  return yesterday !== null && yesterday.close < yesterday.open && minutes <= yesterday.close;
}

export type NextOpening = { dayOfWeek: number; dayLabel: string; time: string; daysAhead: number };

/**
 * When the restaurant opens next, for the "closed" notice. Looks at the following days, up to 7 ahead
 * (7 = the same weekday next week), and returns the first with an open row. Unlike the spec, a shift
 * still to come later today counts too (labelled 'Hoje'): at 07:00 on a Monday that opens at 08:00,
 * "Abriremos Terça" would be wrong. Null when no day opens.
 */
export function nextOpening(
  hours: readonly HoursRow[],
  now: Date,
  timeZone: Zone = DEFAULT_TIMEZONE,
): NextOpening | null {
  const { dayOfWeek, minutes } = localParts(now, timeZone);
  const today = usableRow(hours, dayOfWeek);
  if (today && minutes < today.open) return { dayOfWeek, dayLabel: 'Hoje', time: today.openTime, daysAhead: 0 };
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = (dayOfWeek + ahead) % 7;
    const row = usableRow(hours, day);
    if (row) return { dayOfWeek: day, dayLabel: WEEKDAY_LABELS[day], time: row.openTime, daysAhead: ahead };
  }
  return null;
}

/** 'Segunda às 18:00'. */
export function nextOpeningText(next: Pick<NextOpening, 'dayLabel' | 'time'>): string {
  return `${next.dayLabel} às ${next.time}`;
}

/**
 * The menu's notice while closed: 'Estamos fechados. Abriremos Segunda às 18:00', or
 * 'Estamos fechados no momento.' when no opening is scheduled.
 */
export function closedNotice(hours: readonly HoursRow[], now: Date, timeZone: Zone = DEFAULT_TIMEZONE): string {
  const next = nextOpening(hours, now, timeZone);
  return next ? `Estamos fechados. Abriremos ${nextOpeningText(next)}` : MSG.closedNow;
}

/**
 * The description of the 'Restaurante fechado' toast on an attempted add: 'Abriremos Segunda às 18:00'
 * or 'Estamos fechados no momento.'
 */
export function closedToastDescription(
  hours: readonly HoursRow[],
  now: Date,
  timeZone: Zone = DEFAULT_TIMEZONE,
): string {
  const next = nextOpening(hours, now, timeZone);
  return next ? `Abriremos ${nextOpeningText(next)}` : MSG.closedNow;
}

/**
 * Whether an order may be placed now: refused outside the restaurant's hours with 'Restaurante fechado'
 * and 'Abriremos Segunda às 18:00' (or 'Estamos fechados no momento.'). An unknown stored timezone
 * falls back to the default one rather than refusing every order.
 */
export function checkOpenForOrders(
  hours: readonly HoursRow[],
  now: Date,
  timeZone: string = DEFAULT_TIMEZONE,
): { ok: true } | RuleFailure {
  let zone = timeZone;
  try {
    localParts(now, zone);
  } catch {
    zone = DEFAULT_TIMEZONE;
  }
  if (isOpenAt(hours, now, zone)) return { ok: true };
  return fail('restaurant_closed', MSG.restaurantClosed, closedToastDescription(hours, now, zone));
}

/** A new restaurant's week: every day open 08:00–18:00. */
export function defaultWeek(): HoursRow[] {
  return WEEKDAY_LABELS.map((_, dayOfWeek) => ({
    dayOfWeek,
    isClosed: false,
    openTime: DEFAULT_OPEN_TIME,
    closeTime: DEFAULT_CLOSE_TIME,
  }));
}

/** The row as saved: a closed day stores no times; an open day needs two valid times. */
export function hoursRowForSave(row: HoursRow): { ok: true; row: HoursRow } | { ok: false } {
  if (row.isClosed)
    return { ok: true, row: { dayOfWeek: row.dayOfWeek, isClosed: true, openTime: null, closeTime: null } };
  if (!row.openTime || !row.closeTime || !isValidTime(row.openTime) || !isValidTime(row.closeTime))
    return { ok: false };
  return { ok: true, row: { ...row } };
}

/**
 * Validates a whole week before the delete-then-insert save: 7 rows, one per day 0–6, each saveable.
 * Returns the rows to store (closed days without times), or null.
 */
export function weekForSave(rows: readonly HoursRow[]): HoursRow[] | null {
  if (rows.length !== 7) return null;
  const out: HoursRow[] = [];
  for (let day = 0; day < 7; day++) {
    const row = rows.find((r) => r.dayOfWeek === day);
    if (!row) return null;
    const saved = hoursRowForSave(row);
    if (!saved.ok) return null;
    out.push(saved.row);
  }
  return out;
}
