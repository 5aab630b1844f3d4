import { describe, expect, it } from 'vitest';
import {
  checkOpenForOrders,
  closedNotice,
  closedToastDescription,
  DEFAULT_TIMEZONE,
  defaultWeek,
  type HoursRow,
  hoursRowForSave,
  isOpenAt,
  isValidTime,
  localDateString,
  localParts,
  nextOpening,
  nextOpeningText,
  WEEKDAY_LABELS,
  weekForSave,
  type ZoneOffset,
  zoneOffsetAround,
} from './hours';

const SP = 'America/Sao_Paulo';
const TOKYO = 'Asia/Tokyo';

/** An instant given as São Paulo wall-clock time (UTC−3, no daylight saving since 2019). */
function sp(local: string): Date {
  return new Date(`${local}-03:00`);
}

function week(overrides: Record<number, Partial<HoursRow>> = {}): HoursRow[] {
  return defaultWeek().map((row) => ({ ...row, ...overrides[row.dayOfWeek] }));
}

const CLOSED = { isClosed: true, openTime: null, closeTime: null };

// 2025-06-16 is a Monday.
describe('localParts', () => {
  it('reads the wall-clock weekday, date and time in a timezone', () => {
    const instant = new Date('2025-06-16T15:05:00Z');
    expect(localParts(instant, SP)).toEqual({ dayOfWeek: 1, date: '2025-06-16', time: '12:05', minutes: 725 });
    expect(localParts(instant, TOKYO)).toEqual({ dayOfWeek: 2, date: '2025-06-17', time: '00:05', minutes: 5 });
  });
  it('uses 00 for midnight, never 24', () => {
    expect(localParts(sp('2025-06-16T00:00:00'), SP).time).toBe('00:00');
  });
  it('throws for an unknown timezone', () => {
    expect(() => localParts(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
  it('moves on at each minute, whatever instant of a minute it was asked about first', () => {
    expect(localParts(sp('2025-06-16T23:59:59.999'), SP)).toMatchObject({ date: '2025-06-16', time: '23:59' });
    expect(localParts(sp('2025-06-16T23:59:00'), SP).time).toBe('23:59');
    expect(localParts(sp('2025-06-17T00:00:00'), SP)).toMatchObject({
      dayOfWeek: 2,
      date: '2025-06-17',
      time: '00:00',
    });
    expect(localParts(sp('2025-06-16T23:59:30'), SP)).toMatchObject({ dayOfWeek: 1, date: '2025-06-16' });
    expect(localParts(sp('2025-06-16T23:59:30'), TOKYO).time).toBe('11:59');
  });
});

describe('zoneOffsetAround', () => {
  const NEW_YORK = 'America/New_York';
  const MINUTE = 60_000;
  /** Every 7th minute of the span, and its last, reads the same wall clock by offset as through Intl. */
  function agreesWithIntl(span: ZoneOffset) {
    for (let at = span.from; at < span.until; at += 7 * MINUTE) {
      expect(localParts(new Date(at), span), new Date(at).toISOString()).toEqual(
        localParts(new Date(at), span.timeZone),
      );
    }
    const lastMinute = new Date(span.until - MINUTE);
    expect(localParts(lastMinute, span)).toEqual(localParts(lastMinute, span.timeZone));
  }

  it('gives São Paulo UTC−3 for the whole of a UTC day and the next', () => {
    const span = zoneOffsetAround(new Date('2025-06-16T15:05:31Z'), SP);
    expect(span).toEqual({
      timeZone: SP,
      offsetMinutes: -180,
      from: Date.parse('2025-06-16T00:00:00Z'),
      until: Date.parse('2025-06-18T00:00:00Z'),
    });
    agreesWithIntl(span);
  });

  it('is the same span for every instant of the day, so what carries it keeps its ETag', () => {
    const morning = zoneOffsetAround(new Date('2025-06-16T00:00:00Z'), SP);
    expect(zoneOffsetAround(new Date('2025-06-16T23:59:59Z'), SP)).toEqual(morning);
    expect(zoneOffsetAround(new Date('2025-06-17T00:00:00Z'), SP)).toMatchObject({
      from: Date.parse('2025-06-17T00:00:00Z'),
      until: Date.parse('2025-06-19T00:00:00Z'),
    });
  });

  it('ends at a change of offset and starts after one, to the minute', () => {
    // New York moved from UTC−5 to UTC−4 at 2025-03-09 07:00 UTC (02:00 local).
    const before = zoneOffsetAround(new Date('2025-03-09T05:00:00Z'), NEW_YORK);
    expect(before).toMatchObject({ offsetMinutes: -300, from: Date.parse('2025-03-09T00:00:00Z') });
    expect(before.until).toBe(Date.parse('2025-03-09T07:00:00Z'));
    agreesWithIntl(before);
    const after = zoneOffsetAround(new Date('2025-03-09T12:00:00Z'), NEW_YORK);
    expect(after).toMatchObject({ offsetMinutes: -240, from: Date.parse('2025-03-09T07:00:00Z') });
    expect(after.until).toBe(Date.parse('2025-03-11T00:00:00Z'));
    agreesWithIntl(after);
  });

  it('reads a half-hour zone and the day after midnight', () => {
    const span = zoneOffsetAround(new Date('2025-06-16T20:00:00Z'), 'Asia/Kolkata');
    expect(span.offsetMinutes).toBe(330);
    expect(localParts(new Date('2025-06-16T20:00:00Z'), span)).toEqual({
      dayOfWeek: 2,
      date: '2025-06-17',
      time: '01:30',
      minutes: 90,
    });
    agreesWithIntl(span);
  });

  it('reads an instant outside its span through the zone’s name', () => {
    const beforeChange = zoneOffsetAround(new Date('2025-03-09T05:00:00Z'), NEW_YORK);
    expect(localParts(new Date('2025-03-09T12:00:00Z'), beforeChange).time).toBe('08:00');
    expect(localParts(new Date('2025-03-08T23:00:00Z'), beforeChange).time).toBe('18:00');
  });

  it('decides open or closed as the zone’s name does', () => {
    const span = zoneOffsetAround(sp('2025-06-16T17:00:00'), SP);
    const hours = week({ 1: { openTime: '18:00', closeTime: '23:00' } });
    for (const local of ['2025-06-16T17:59:00', '2025-06-16T18:00:00', '2025-06-16T23:00:59', '2025-06-16T23:01:00']) {
      expect(isOpenAt(hours, sp(local), span), local).toBe(isOpenAt(hours, sp(local), SP));
    }
    expect(closedNotice(hours, sp('2025-06-16T17:00:00'), span)).toBe('Estamos fechados. Abriremos Hoje às 18:00');
  });

  it('throws for an unknown timezone', () => {
    expect(() => zoneOffsetAround(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('localDateString', () => {
  it('gives the local calendar date, defaulting to São Paulo', () => {
    expect(DEFAULT_TIMEZONE).toBe(SP);
    expect(localDateString(new Date('2025-06-17T02:00:00Z'))).toBe('2025-06-16');
    expect(localDateString(new Date('2025-06-17T02:00:00Z'), TOKYO)).toBe('2025-06-17');
  });
});

describe('isOpenAt', () => {
  const hours = week();

  it('is open between open and close, both inclusive, at minute precision', () => {
    expect(isOpenAt(hours, sp('2025-06-16T12:00:00'), SP)).toBe(true);
    expect(isOpenAt(hours, sp('2025-06-16T08:00:00'), SP)).toBe(true);
    expect(isOpenAt(hours, sp('2025-06-16T18:00:00'), SP)).toBe(true);
    expect(isOpenAt(hours, sp('2025-06-16T18:00:59'), SP)).toBe(true);
  });

  it('is closed outside the hours', () => {
    expect(isOpenAt(hours, sp('2025-06-16T07:59:59'), SP)).toBe(false);
    expect(isOpenAt(hours, sp('2025-06-16T18:01:00'), SP)).toBe(false);
    expect(isOpenAt(hours, sp('2025-06-16T23:30:00'), SP)).toBe(false);
  });

  it('is closed on a closed day and on a day without a row', () => {
    expect(isOpenAt(week({ 1: CLOSED }), sp('2025-06-16T12:00:00'), SP)).toBe(false);
    expect(
      isOpenAt(
        hours.filter((h) => h.dayOfWeek !== 1),
        sp('2025-06-16T12:00:00'),
        SP,
      ),
    ).toBe(false);
    expect(isOpenAt([], sp('2025-06-16T12:00:00'), SP)).toBe(false);
  });

  it('is closed when a row has invalid times', () => {
    expect(isOpenAt(week({ 1: { openTime: '8h', closeTime: '18:00' } }), sp('2025-06-16T12:00:00'), SP)).toBe(false);
    expect(isOpenAt(week({ 1: { openTime: null } }), sp('2025-06-16T12:00:00'), SP)).toBe(false);
  });

  it("uses the restaurant's timezone for both weekday and time", () => {
    const instant = new Date('2025-06-16T15:00:00Z'); // Monday 12:00 in São Paulo, Tuesday 00:00 in Tokyo
    expect(isOpenAt(hours, instant, SP)).toBe(true);
    expect(isOpenAt(hours, instant, TOKYO)).toBe(false);

    // Sunday 21:30 in São Paulo is Monday 09:30 in Tokyo: only Monday is open.
    const mondayOnly = week({ 0: CLOSED, 2: CLOSED, 3: CLOSED, 4: CLOSED, 5: CLOSED, 6: CLOSED });
    const sundayNight = new Date('2025-06-16T00:30:00Z');
    expect(isOpenAt(mondayOnly, sundayNight, SP)).toBe(false);
    expect(isOpenAt(mondayOnly, sundayNight, TOKYO)).toBe(true);
  });

  it('treats a close time earlier than the open time as running past midnight', () => {
    // Friday 18:00–02:00, Saturday closed, Thursday a normal day. 2025-06-20 is a Friday.
    const late = week({ 5: { openTime: '18:00', closeTime: '02:00' }, 6: CLOSED });
    expect(isOpenAt(late, sp('2025-06-20T17:59:00'), SP)).toBe(false);
    expect(isOpenAt(late, sp('2025-06-20T18:00:00'), SP)).toBe(true);
    expect(isOpenAt(late, sp('2025-06-20T23:59:00'), SP)).toBe(true);
    expect(isOpenAt(late, sp('2025-06-21T00:00:00'), SP)).toBe(true);
    expect(isOpenAt(late, sp('2025-06-21T02:00:00'), SP)).toBe(true);
    expect(isOpenAt(late, sp('2025-06-21T02:01:00'), SP)).toBe(false);
    // Early Friday belongs to Thursday, whose shift does not cross midnight.
    expect(isOpenAt(late, sp('2025-06-20T01:00:00'), SP)).toBe(false);
  });

  it('defaults to São Paulo', () => {
    expect(isOpenAt(hours, sp('2025-06-16T12:00:00'))).toBe(true);
  });
});

describe('nextOpening', () => {
  it('is the next day with an open row, labelled with its pt-BR weekday', () => {
    expect(nextOpening(week(), sp('2025-06-16T20:00:00'), SP)).toEqual({
      dayOfWeek: 2,
      dayLabel: 'Terça',
      time: '08:00',
      daysAhead: 1,
    });
  });

  it('skips closed days', () => {
    // Saturday night; Sunday closed → Monday.
    const hours = week({ 0: CLOSED, 1: { openTime: '18:00', closeTime: '23:00' } });
    expect(nextOpening(hours, sp('2025-06-21T22:00:00'), SP)).toMatchObject({
      dayLabel: 'Segunda',
      time: '18:00',
      daysAhead: 2,
    });
  });

  it('counts a shift later today as "Hoje"', () => {
    expect(nextOpening(week(), sp('2025-06-16T07:00:00'), SP)).toEqual({
      dayOfWeek: 1,
      dayLabel: 'Hoje',
      time: '08:00',
      daysAhead: 0,
    });
  });

  it('looks up to 7 days ahead (the same weekday next week)', () => {
    const mondayOnly = week({ 0: CLOSED, 2: CLOSED, 3: CLOSED, 4: CLOSED, 5: CLOSED, 6: CLOSED });
    expect(nextOpening(mondayOnly, sp('2025-06-16T20:00:00'), SP)).toMatchObject({ dayLabel: 'Segunda', daysAhead: 7 });
  });

  it('is null when no day opens', () => {
    const allClosed = week(Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, CLOSED])));
    expect(nextOpening(allClosed, sp('2025-06-16T20:00:00'), SP)).toBeNull();
    expect(nextOpening([], sp('2025-06-16T20:00:00'), SP)).toBeNull();
  });

  it('uses the local weekday of the timezone', () => {
    // Monday 20:00 in São Paulo is Tuesday 08:00 in Tokyo; Tuesday opens at 09:00 there → "Hoje".
    const hours = week({ 2: { openTime: '09:00', closeTime: '18:00' } });
    expect(nextOpening(hours, sp('2025-06-16T20:00:00'), TOKYO)).toMatchObject({ dayLabel: 'Hoje', time: '09:00' });
  });
});

describe('closed texts', () => {
  it('formats the next opening as "dia às hora"', () => {
    expect(nextOpeningText({ dayLabel: 'Segunda', time: '18:00' })).toBe('Segunda às 18:00');
  });

  it('gives the menu notice', () => {
    expect(closedNotice(week(), sp('2025-06-16T20:00:00'), SP)).toBe('Estamos fechados. Abriremos Terça às 08:00');
    expect(closedNotice([], sp('2025-06-16T20:00:00'), SP)).toBe('Estamos fechados no momento.');
  });

  it('gives the toast description on an attempted add', () => {
    expect(closedToastDescription(week(), sp('2025-06-20T20:00:00'), SP)).toBe('Abriremos Sábado às 08:00');
    expect(closedToastDescription([], sp('2025-06-20T20:00:00'), SP)).toBe('Estamos fechados no momento.');
  });
});

describe('checkOpenForOrders', () => {
  it('accepts an order during the hours, in the restaurant timezone', () => {
    expect(checkOpenForOrders(week(), sp('2025-06-16T12:00:00'), SP)).toEqual({ ok: true });
    // 12:00 in São Paulo is 00:00 in Tokyo: closed there.
    expect(checkOpenForOrders(week(), sp('2025-06-16T12:00:00'), TOKYO).ok).toBe(false);
  });

  it('refuses after closing with "Restaurante fechado" and the next opening', () => {
    expect(checkOpenForOrders(week(), sp('2025-06-16T18:01:00'), SP)).toEqual({
      ok: false,
      code: 'restaurant_closed',
      title: 'Restaurante fechado',
      description: 'Abriremos Terça às 08:00',
    });
    const allClosed = week(Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, CLOSED])));
    expect(checkOpenForOrders(allClosed, sp('2025-06-16T12:00:00'), SP)).toMatchObject({
      ok: false,
      description: 'Estamos fechados no momento.',
    });
  });

  it('reads an unknown timezone as the default one', () => {
    expect(checkOpenForOrders(week(), sp('2025-06-16T12:00:00'), 'Not/AZone')).toEqual({ ok: true });
  });
});

describe('weekdays and defaults', () => {
  it('labels day_of_week 0–6 starting on Sunday', () => {
    expect(WEEKDAY_LABELS).toEqual(['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado']);
  });

  it('defaults to 7 open days 08:00–18:00', () => {
    const rows = defaultWeek();
    expect(rows).toHaveLength(7);
    expect(rows.map((r) => r.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const r of rows) expect(r).toMatchObject({ isClosed: false, openTime: '08:00', closeTime: '18:00' });
  });
});

describe('isValidTime', () => {
  it('accepts 24-hour HH:MM', () => {
    for (const t of ['00:00', '08:30', '12:00', '23:59']) expect(isValidTime(t)).toBe(true);
  });
  it('refuses anything else', () => {
    for (const t of ['24:00', '8:00', '08:60', '0800', '08:00:00', '', 'ab:cd', ' 08:00'])
      expect(isValidTime(t)).toBe(false);
  });
});

describe('saving hours', () => {
  it('stores no times on a closed day', () => {
    expect(hoursRowForSave({ dayOfWeek: 0, isClosed: true, openTime: '08:00', closeTime: '18:00' })).toEqual({
      ok: true,
      row: { dayOfWeek: 0, isClosed: true, openTime: null, closeTime: null },
    });
  });

  it('needs two valid times on an open day', () => {
    expect(hoursRowForSave({ dayOfWeek: 1, isClosed: false, openTime: '09:00', closeTime: '17:00' })).toEqual({
      ok: true,
      row: { dayOfWeek: 1, isClosed: false, openTime: '09:00', closeTime: '17:00' },
    });
    expect(hoursRowForSave({ dayOfWeek: 1, isClosed: false, openTime: null, closeTime: '17:00' })).toEqual({
      ok: false,
    });
    expect(hoursRowForSave({ dayOfWeek: 1, isClosed: false, openTime: '9:00', closeTime: '17:00' })).toEqual({
      ok: false,
    });
  });

  it('saves a whole week only with one valid row per day', () => {
    const rows = week({ 0: { isClosed: true } });
    const saved = weekForSave([...rows].reverse());
    expect(saved?.map((r) => r.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(saved?.[0]).toEqual({ dayOfWeek: 0, isClosed: true, openTime: null, closeTime: null });
    expect(weekForSave(rows.slice(1))).toBeNull();
    expect(weekForSave([...rows.slice(1), { ...rows[1] }])).toBeNull();
    expect(weekForSave(week({ 3: { closeTime: '25:00' } }))).toBeNull();
  });
});
