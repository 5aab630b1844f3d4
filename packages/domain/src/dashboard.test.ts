import { describe, expect, it } from 'vitest';
import {
  addDays,
  averageTicket,
  channelSplit,
  compareHours,
  dashboardWindow,
  fillDays,
  groupPaymentMethods,
  lastWeekLabel,
  percentChange,
} from './dashboard';

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-05', -7)).toBe('2025-12-29');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });
});

describe('dashboardWindow', () => {
  it('reads 30 days and 7 days ending on the date, and the same weekday a week before', () => {
    expect(dashboardWindow('2026-03-10')).toEqual({
      date: '2026-03-10',
      monthFrom: '2026-02-09',
      weekFrom: '2026-03-04',
      lastWeek: '2026-03-03',
    });
  });
});

describe('fillDays', () => {
  it('gives every day of the range, zero where nothing was sold', () => {
    const days = fillDays(
      [
        { date: '2026-02-28', total: 1000, count: 1 },
        { date: '2026-03-02', total: 500, count: 2 },
        { date: '2026-03-05', total: 9, count: 9 },
      ],
      '2026-02-27',
      '2026-03-02',
    );
    expect(days).toEqual([
      { date: '2026-02-27', total: 0, count: 0 },
      { date: '2026-02-28', total: 1000, count: 1 },
      { date: '2026-03-01', total: 0, count: 0 },
      { date: '2026-03-02', total: 500, count: 2 },
    ]);
  });

  it('has 30 entries for the dashboard window', () => {
    const w = dashboardWindow('2026-01-15');
    expect(fillDays([], w.monthFrom, w.date)).toHaveLength(30);
  });
});

describe('compareHours', () => {
  it('puts both days side by side for every hour', () => {
    const hours = compareHours(
      [
        { hour: 0, total: 300 },
        { hour: 12, total: 1000 },
        { hour: 12, total: 500 },
      ],
      [{ hour: 23, total: 700 }],
    );
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual({ hour: 0, today: 300, lastWeek: 0 });
    expect(hours[12]).toEqual({ hour: 12, today: 1500, lastWeek: 0 });
    expect(hours[23]).toEqual({ hour: 23, today: 0, lastWeek: 700 });
  });
});

describe('groupPaymentMethods', () => {
  it('groups names as the cashier reports do, largest first', () => {
    expect(
      groupPaymentMethods([
        { method: 'Cartão de Crédito', total: 5000, count: 2 },
        { method: 'credit_card', total: 1000, count: 1 },
        { method: 'PIX', total: 4000, count: 3 },
        { method: null, total: 100, count: 1 },
        { method: 'Vale-refeição', total: 200, count: 1 },
      ]),
    ).toEqual([
      { method: 'Crédito', total: 6000, count: 3 },
      { method: 'PIX', total: 4000, count: 3 },
      { method: 'Vale-refeição', total: 200, count: 1 },
      { method: 'Não informado', total: 100, count: 1 },
    ]);
  });

  it('gives a name that comes back, on another day or another channel, the label it got first', () => {
    const day = [
      { method: 'Cartão de Crédito', total: 1000, count: 1 },
      { method: null, total: 50, count: 1 },
      { method: ' Vale ', total: 300, count: 1 },
    ];
    expect(groupPaymentMethods([...day, ...day, ...day])).toEqual([
      { method: 'Crédito', total: 3000, count: 3 },
      { method: 'Vale', total: 900, count: 3 },
      { method: 'Não informado', total: 150, count: 3 },
    ]);
  });
});

describe('channelSplit', () => {
  it('always lists delivery, pickup, table and PDV in that order', () => {
    expect(
      channelSplit([
        { channel: 'pdv', total: 900, count: 3 },
        { channel: 'delivery', total: 5000, count: 2 },
      ]),
    ).toEqual([
      { channel: 'delivery', label: 'Delivery', total: 5000, count: 2 },
      { channel: 'pickup', label: 'Retirada', total: 0, count: 0 },
      { channel: 'dine_in', label: 'Mesa', total: 0, count: 0 },
      { channel: 'pdv', label: 'PDV', total: 900, count: 3 },
    ]);
  });
});

describe('averageTicket and percentChange', () => {
  it('rounds to the centavo and is zero without sales', () => {
    expect(averageTicket(1000, 3)).toBe(333);
    expect(averageTicket(2000, 3)).toBe(667);
    expect(averageTicket(0, 0)).toBe(0);
  });

  it('compares in whole percent, null without a base', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(100, 0)).toBeNull();
  });
});

describe('lastWeekLabel', () => {
  it('names the weekday with its gender', () => {
    expect(lastWeekLabel('2026-03-09')).toBe('segunda passada');
    expect(lastWeekLabel('2026-03-13')).toBe('sexta passada');
    expect(lastWeekLabel('2026-03-14')).toBe('sábado passado');
    expect(lastWeekLabel('2026-03-15')).toBe('domingo passado');
  });
});
