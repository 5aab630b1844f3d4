import type { HoursRow } from './hours';

/**
 * Our catalogue in Open Delivery's `Merchant` shape (what `GET /v1/merchant` answers to ordering
 * apps): every product is an Item offered in its category (those without one in "Outros"); sizes, add-ons and the flavours of a
 * multi-flavour pizza are option groups whose options point to Items of their own. An Item's
 * `externalCode` is our product id, so the app's orders name our products back. Ids the standard
 * wants as UUIDs for things we keep without one (offers, groups, options) come from `uuid(key)`,
 * stable for the same key.
 */

export type MenuProduct = {
  id: string;
  name: string;
  description: string | null;
  price: number;
  available: boolean;
  imageUrl: string | null;
  categoryId: string | null;
  multiFlavor: boolean;
  maxFlavors: number;
  flavorIds: string[];
  sizes: { id: string; name: string; price: number }[];
  addons: { id: string; name: string; price: number }[];
};

export type MerchantInput = {
  restaurant: {
    id: string;
    name: string;
    description: string | null;
    document: string | null;
    corporateName: string | null;
    phone: string | null;
    email: string | null;
    logoUrl: string;
    address: {
      state: string;
      city: string;
      district: string;
      street: string;
      number: string;
      postalCode: string;
      complement: string;
      /** The owner's point on the map: the standard requires one, and none is made up (decision 083). */
      latitude: number;
      longitude: number;
    };
    pizzeria: boolean;
  };
  categories: { id: string; name: string }[];
  products: MenuProduct[];
  hours: HoursRow[];
  /** The restaurant's offset from UTC in minutes (São Paulo: -180): the standard's times are UTC. */
  utcOffsetMinutes: number;
  lastUpdate: Date;
  open: boolean;
  uuid: (key: string) => string;
};

const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

const price = (centavos: number) => ({ value: centavos / 100, originalValue: centavos / 100, currency: 'BRL' });
const status = (on: boolean) => (on ? 'AVAILABLE' : 'UNAVAILABLE');

/** 'HH:MM' local as the standard's UTC time ('HH:MM:SSZ'); an evening shift may cross midnight UTC. */
export function utcTime(local: string, utcOffsetMinutes: number): string {
  const [h, m] = local.split(':').map(Number);
  const minutes = (((h * 60 + m - utcOffsetMinutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00Z`;
}

/** The opening hours as the standard's week hours (closed days left out). */
export function weekHours(hours: readonly HoursRow[], utcOffsetMinutes: number) {
  return hours
    .filter((h) => !h.isClosed && h.openTime && h.closeTime)
    .map((h) => ({
      dayOfWeek: [DAYS[h.dayOfWeek]],
      timePeriods: {
        startTime: utcTime(h.openTime as string, utcOffsetMinutes),
        endTime: utcTime(h.closeTime as string, utcOffsetMinutes),
      },
    }));
}

export function merchantDocument(input: MerchantInput) {
  const { restaurant: r, uuid } = input;
  const byId = new Map(input.products.map((p) => [p.id, p]));
  const items: Record<string, unknown>[] = [];
  const itemOffers: Record<string, unknown>[] = [];
  const optionGroups: Record<string, unknown>[] = [];
  const seenItems = new Set<string>();

  const addItem = (
    id: string,
    name: string,
    externalCode: string,
    available: boolean,
    extra: Record<string, unknown> = {},
  ) => {
    if (seenItems.has(id)) return;
    seenItems.add(id);
    items.push({
      id,
      name: name.slice(0, 150),
      description: '',
      externalCode,
      status: status(available),
      unit: 'UN',
      ...extra,
    });
  };

  const groupsOf = (p: MenuProduct): string[] => {
    const groups: string[] = [];
    const group = (key: string, name: string, min: number, max: number, options: Record<string, unknown>[]) => {
      const id = uuid(`${p.id}:group:${key}`);
      optionGroups.push({
        id,
        index: optionGroups.length,
        name,
        externalCode: `${p.id}:${key}`,
        status: 'AVAILABLE',
        minPermitted: min,
        maxPermitted: max,
        options,
      });
      groups.push(id);
    };
    if (p.sizes.length > 0)
      group(
        'sizes',
        'Tamanho',
        1,
        1,
        p.sizes.map((s, index) => {
          const itemId = uuid(`${p.id}:size:${s.id}`);
          addItem(itemId, s.name, `${p.id}:size:${s.id}`, true);
          return { id: uuid(`${p.id}:size-option:${s.id}`), itemId, index, status: 'AVAILABLE', price: price(s.price) };
        }),
      );
    if (p.multiFlavor && p.flavorIds.length > 0) {
      const max = Math.max(1, p.maxFlavors);
      group(
        'flavors',
        'Sabores',
        1,
        max,
        p.flavorIds.flatMap((fid, index) => {
          const flavor = byId.get(fid);
          if (!flavor) return [];
          addItem(flavor.id, flavor.name, flavor.id, flavor.available, { description: flavor.description ?? '' });
          // The pizza is priced by the average of its flavours: each flavour adds its share.
          return [
            {
              id: uuid(`${p.id}:flavor:${fid}`),
              itemId: flavor.id,
              index,
              status: status(flavor.available),
              price: price(Math.round(flavor.price / max)),
              maxPermitted: 1,
            },
          ];
        }),
      );
    }
    if (p.addons.length > 0)
      group(
        'addons',
        'Adicionais',
        0,
        p.addons.length,
        p.addons.map((a, index) => {
          const itemId = uuid(`${p.id}:addon:${a.id}`);
          addItem(itemId, a.name, `${p.id}:addon:${a.id}`, true);
          return {
            id: uuid(`${p.id}:addon-option:${a.id}`),
            itemId,
            index,
            status: 'AVAILABLE',
            price: price(a.price),
          };
        }),
      );
    return groups;
  };

  // Products without a category (or whose category is gone) are offered in "Outros", as the waiter's
  // composer shows them: the standard offers an Item only inside a category.
  const known = new Set(input.categories.map((c) => c.id));
  const loose = input.products.filter((p) => !p.categoryId || !known.has(p.categoryId));
  const sections = [
    ...input.categories.map((c) => ({
      ...c,
      externalCode: c.id,
      products: input.products.filter((p) => p.categoryId === c.id),
    })),
    ...(loose.length
      ? [{ id: uuid(`${r.id}:category:others`), name: 'Outros', externalCode: 'outros', products: loose }]
      : []),
  ];
  const categories = sections.map((c, index) => {
    const offers = c.products.map((p) => {
      const id = uuid(`${p.id}:offer`);
      addItem(p.id, p.name, p.id, p.available, {
        description: p.description ?? '',
        ...(p.imageUrl ? { image: { URL: p.imageUrl } } : {}),
      });
      const groups = groupsOf(p);
      // A multi-flavour pizza costs what its flavours add; a sized product what its size costs.
      const base = p.multiFlavor || p.sizes.length > 0 ? 0 : p.price;
      itemOffers.push({
        id,
        itemId: p.id,
        index: itemOffers.length,
        status: status(p.available),
        price: price(base),
        ...(groups.length ? { optionGroupsId: groups } : {}),
      });
      return id;
    });
    return {
      id: c.id,
      index,
      name: c.name.slice(0, 150),
      externalCode: c.externalCode,
      status: 'AVAILABLE',
      itemOfferId: offers,
    };
  });

  const menuId = uuid(`${r.id}:menu`);
  const serviceHours = { id: uuid(`${r.id}:hours`), weekHours: weekHours(input.hours, input.utcOffsetMinutes) };
  const service = (type: 'DELIVERY' | 'TAKEOUT') => ({
    id: uuid(`${r.id}:service:${type}`),
    status: status(input.open),
    serviceType: type,
    menuId,
    serviceHours,
  });
  const document = (r.document ?? '').replace(/\D/g, '');
  return {
    lastUpdate: input.lastUpdate.toISOString(),
    TTL: 300,
    id: r.id,
    status: status(input.open),
    basicInfo: {
      name: r.name,
      document: document.length === 14 ? document : '00000000000000',
      corporateName: r.corporateName || r.name,
      description: r.description ?? '',
      averagePreparationTime: 30,
      minOrderValue: { value: 0, currency: 'BRL' },
      merchantType: 'RESTAURANT',
      merchantCategories: [r.pizzeria ? 'PIZZA' : 'BRAZILIAN'],
      address: { country: 'BR', ...r.address },
      contactEmails: r.email ? [r.email] : [],
      contactPhones: { commercialNumber: r.phone ?? '' },
      logoImage: { URL: r.logoUrl },
    },
    services: [service('DELIVERY'), service('TAKEOUT')],
    menus: [{ id: menuId, name: 'Cardápio', externalCode: r.id, categoryId: categories.map((c) => c.id) }],
    categories,
    itemOffers,
    items,
    optionGroups,
  };
}
