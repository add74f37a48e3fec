/** The demo storefront (shop.mjs): started on `port` (0: a free one), serving pages with Vitrine's storefront script. */
export function startShop(options: { vitrine: string; token: string; key: string; port?: number }): Promise<{
  url: string;
  close(): Promise<void>;
}>;
