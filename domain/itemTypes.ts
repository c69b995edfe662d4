/**
 * Item types (SPEC §2 item-type search paths, SPEC §3 Vehicle search document item_type): which
 * vehicles an item-type search path lists. The static engine, the Meilisearch filter and the
 * server-rendered first page all call these, so the three agree.
 */
import type { Car } from './types.ts';

/** Item types a feed may give a vehicle (schema/car.schema.json item_type). */
export const ITEM_TYPES = ['car', 'rv', 'motorcycle', 'truck', 'rental', 'subscription'] as const;

/** One item type. */
export type ItemType = (typeof ITEM_TYPES)[number];

/** A vehicle whose feed row names no item type is a car (the schema default). */
export const DEFAULT_ITEM_TYPE: ItemType = 'car';

/** The item type of a car; an absent or unknown value counts as the default. */
export function itemTypeOf(car: Pick<Car, 'item_type'>): ItemType {
  const value = car.item_type as string | null | undefined;
  return (ITEM_TYPES as readonly string[]).includes(value ?? '') ? (value as ItemType) : DEFAULT_ITEM_TYPE;
}

/** Is `segment` (the last part of /search/{segment}) an item type? */
export function isItemType(segment: string): segment is ItemType {
  return (ITEM_TYPES as readonly string[]).includes(segment);
}

/** A subscription vehicle is listed only with a subscription price above 0. */
export const SUBSCRIPTION_PRICE_CONDITION = 'subscription_price > 0';

/**
 * What an item-type path filters on: the item_type values (hard scope) and the numeric
 * conditions both engines apply (subscription also needs a subscription price above 0).
 */
export function itemTypeFilter(itemType: ItemType): { scope: { item_type: string[] }; conditions: string[] } {
  return { scope: { item_type: [itemType] }, conditions: itemType === 'subscription' ? [SUBSCRIPTION_PRICE_CONDITION] : [] };
}

/** The same rule on one car (the server-rendered first page and the page counts). */
export function matchesItemType({ car, itemType }: { car: Pick<Car, 'item_type' | 'subscription_price'>; itemType: ItemType }): boolean {
  if (itemTypeOf(car) !== itemType) return false;
  if (itemType === 'subscription') return typeof car.subscription_price === 'number' && car.subscription_price > 0;
  return true;
}

/**
 * The numeric conditions an engine scope implies (search/contract.ts SearchQuery.scope): a scope
 * of item type subscription alone also needs a subscription price above 0. Both engines call
 * this, so /search/subscription lists the same cars on each.
 */
export function scopeConditions(scope: Readonly<Record<string, readonly string[]>> | undefined): string[] {
  const types = scope && Object.hasOwn(scope, 'item_type') ? scope.item_type : [];
  return types.length === 1 && types[0] === 'subscription' ? [SUBSCRIPTION_PRICE_CONDITION] : [];
}
