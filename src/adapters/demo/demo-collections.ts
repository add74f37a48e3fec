import type { SliceInput } from '../../domain/merchandising/slice.js';
import type { CollectionFields } from '../../domain/merchandising/collection.js';
import { demoProductId } from './demo-catalog.js';

const DAY = 86_400_000;

export interface DemoCollection {
  readonly fields: CollectionFields;
  readonly slices: readonly SliceInput[];
}

function ids(code: string, numbers: readonly number[]): string[] {
  return numbers.map((n) => demoProductId(code, n));
}

/**
 * Collections whose slices, relative to `now`, are expired, active (two overlapping in the first
 * collection, where the later start wins), scheduled, and a collection with no active slice.
 */
export function demoCollections(now: Date): DemoCollection[] {
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const at = (days: number) => new Date(hour + days * DAY);
  return [
    {
      fields: { name: 'Verão 2027', description: 'Vitrine principal da estação: peças leves, linho e moda praia.' },
      slices: [
        {
          name: 'Pré-verão',
          type: 'MANUAL',
          startsAt: at(-30),
          endsAt: at(-10),
          products: [...ids('VES', [2, 5, 8]), ...ids('SAI', [1, 2, 3]), ...ids('SAN', [5, 6])],
        },
        {
          name: 'Verão — seleção principal',
          type: 'MANUAL',
          startsAt: at(-10),
          endsAt: at(20),
          products: [
            ...ids('VES', [1, 3, 4, 6, 9, 10]),
            ...ids('SAN', [1, 2, 3, 4]),
            ...ids('PRA', [1, 2, 3, 4, 5]),
            ...ids('BOL', [2, 3]),
          ],
        },
        {
          name: 'Verão — destaque do fim de semana',
          type: 'AI',
          startsAt: at(-2),
          endsAt: at(5),
          filters: { availableOnly: true },
          // VES-007 and PRA-007 are out of stock: with the availableOnly filter they show as inactive.
          products: [...ids('VES', [1, 7, 4]), ...ids('PRA', [1, 7, 3]), ...ids('SAN', [2]), ...ids('ACE', [3, 5])],
        },
        {
          name: 'Réveillon',
          type: 'SPREADSHEET',
          startsAt: at(20),
          products: [...ids('VES', [11, 12, 13]), ...ids('ACE', [1, 2, 4]), ...ids('SAN', [8, 9])],
        },
      ],
    },
    {
      fields: { name: 'Lançamentos de Outono', description: 'Coleção nova, entra no ar na próxima semana.' },
      slices: [
        {
          name: 'Pré-lançamento',
          type: 'MANUAL',
          startsAt: at(7),
          endsAt: at(37),
          products: [...ids('JAQ', [1, 2, 3, 4]), ...ids('CAL', [1, 2, 3])],
        },
      ],
    },
    {
      fields: { name: 'Essenciais do Dia a Dia', description: 'Básicos sempre em destaque, até R$ 300.' },
      slices: [
        {
          name: 'Essenciais — sempre no ar',
          type: 'SPREADSHEET',
          startsAt: at(-60),
          filters: { categories: ['blusas', 'calcas', 'tenis'], maxPrice: 300 },
          products: [
            ...ids('BLU', [1, 2, 3, 4, 5, 6]),
            ...ids('CAL', [1, 2, 3, 4]),
            ...ids('TEN', [1, 2, 3]),
            ...ids('BOL', [1]),
          ],
        },
      ],
    },
    {
      fields: { name: 'Liquida Inverno', description: 'Campanha encerrada.' },
      slices: [
        {
          name: 'Liquida — última semana',
          type: 'MANUAL',
          startsAt: at(-90),
          endsAt: at(-30),
          products: ids('JAQ', [5, 6, 7, 8, 9]),
        },
      ],
    },
  ];
}
