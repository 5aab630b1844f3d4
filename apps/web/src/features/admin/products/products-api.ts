import type { FlavorPricing } from '@meucardapio/domain/pricing';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A size or colour; a size priced per size has its own `price`. */
export type PriceOption = { id: string; name: string; priceModifier: number; price?: number | null };
export type Addon = { id: string; name: string; price: number; type?: string };

export type Product = {
  id: string;
  name: string;
  description: string | null;
  price: number;
  imageUrl: string | null;
  available: boolean;
  categoryId: string | null;
  categoryName: string | null;
  /** The kitchen station that prepares it (KDS). */
  stationId: string | null;
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  maxFlavors: number;
  flavorPricing: FlavorPricing;
  pizzaFlavors: string[];
  variations: PriceOption[];
  addons: Addon[];
  colors: PriceOption[];
  controleEstoque: boolean;
  estoque: number;
  estoqueMinimo: number;
  precoCusto: number | null;
  compareAtPrice: number | null;
  sku: string | null;
  codigoBarras: string | null;
  cfop: string | null;
  codigoNcm: string | null;
  exTipi: string | null;
  codigoCest: string | null;
  origemMercadoria: number | null;
  csosnIcms: string | null;
  cstPisCofins: string | null;
  unidade: string | null;
  height: number | null;
  width: number | null;
  length: number | null;
  weight: number | null;
  envioCorreios: boolean;
  createdAt: string;
};

export type Category = { id: string; name: string; order: number };

export const PRODUCTS_KEY = ['admin', 'products'] as const;
export const CATEGORIES_KEY = ['admin', 'categories'] as const;

export function useProducts() {
  return useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: async () => (await api.get<{ products: Product[] }>('/api/admin/products')).products,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: async () => (await api.get<{ categories: Category[] }>('/api/admin/categories')).categories,
  });
}

export type KitchenStationOption = { id: string; name: string };

/** The kitchen stations a product can be assigned to (same cache as the kitchen screens). */
export function useKitchenStations() {
  return useQuery({
    queryKey: ['admin', 'kitchen', 'stations'],
    queryFn: async () => (await api.get<{ stations: KitchenStationOption[] }>('/api/admin/kitchen/stations')).stations,
  });
}
