import { describe, expect, it } from 'vitest';
import { readMerchantTsv, readMerchantXml } from '../../src/adapters/cli/merchant-feed.js';
import type { FileLine } from '../../src/adapters/cli/read-records.js';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
  <channel>
    <title>Loja Exemplo</title>
    <link>https://loja.example.com.br</link>
    <item>
      <g:id>VES-002</g:id>
      <g:title>Vestido Midi de Linho</g:title>
      <g:description><![CDATA[Vestido midi & leve, com <b>amarração</b>.]]></g:description>
      <g:link>https://loja.example.com.br/p/VES-002</g:link>
      <g:image_link>https://cdn.example.com.br/VES-002.jpg</g:image_link>
      <g:price>349.90 BRL</g:price>
      <g:sale_price>299.90 BRL</g:sale_price>
      <g:availability>in_stock</g:availability>
      <g:brand>Trama</g:brand>
      <g:product_type>Roupas &gt; Vestidos &gt; Midi</g:product_type>
      <g:google_product_category>2271</g:google_product_category>
      <g:item_group_id>VES-002-G</g:item_group_id>
      <g:custom_label_0>verão</g:custom_label_0>
      <g:custom_label_2>promoção</g:custom_label_2>
    </item>
    <item>
      <title>Sandália sem id</title>
    </item>
    <item>
      <g:id>SAN-005</g:id>
      <title>Sandália Rasteira</title>
      <g:price>12,90 reais</g:price>
    </item>
    <item>
      <g:id>BOL-006</g:id>
      <g:title>Bolsa de Palha</g:title>
      <g:availability>out_of_stock</g:availability>
      <g:google_product_category>Vestuário e acessórios &gt; Bolsas</g:google_product_category>
    </item>
  </channel>
</rss>`;

async function all(lines: AsyncIterable<FileLine>): Promise<FileLine[]> {
  const read: FileLine[] = [];
  for await (const line of lines) read.push(line);
  return read;
}

/** The text in chunks of `size` bytes, cut anywhere (inside a tag, inside a multi-byte character). */
async function* chunked(text: string, size: number): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('Merchant Center feeds', () => {
  it('maps an RSS 2.0 feed item by item, whatever the chunks it arrives in, naming the items it refuses by position', async () => {
    for (const size of [7, 64, 100_000]) {
      const items = await all(readMerchantXml(chunked(RSS, size)));
      expect(items).toEqual([
        {
          line: 1,
          record: {
            id: 'VES-002',
            name: 'Vestido Midi de Linho',
            description: 'Vestido midi & leve, com <b>amarração</b>.',
            imageUrl: 'https://cdn.example.com.br/VES-002.jpg',
            price: 299.9,
            available: true,
            brand: 'Trama',
            category: 'Midi',
            tags: ['verão', 'promoção'],
            attributes: {
              link: 'https://loja.example.com.br/p/VES-002',
              currency: 'BRL',
              regularPrice: '349.9',
              productType: 'Roupas > Vestidos > Midi',
              googleProductCategory: '2271',
              itemGroupId: 'VES-002-G',
            },
          },
        },
        { line: 2, error: 'id: is required' },
        { line: 3, error: 'price: must be an amount and an ISO 4217 currency ("129.90 BRL"), not "12,90 reais"' },
        {
          line: 4,
          record: {
            id: 'BOL-006',
            name: 'Bolsa de Palha',
            available: false,
            category: 'Bolsas',
            attributes: { googleProductCategory: 'Vestuário e acessórios > Bolsas' },
          },
        },
      ]);
    }
  });

  it('reads an Atom feed, its link given as an attribute', async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
      <title>Loja</title><link href="https://loja.example.com.br" />
      <entry>
        <g:id>ACE-010</g:id><title>Brinco Dourado</title><link href="https://loja.example.com.br/p/ACE-010" />
        <summary>Brinco leve</summary><g:price>59.00 BRL</g:price><g:availability>preorder</g:availability>
      </entry>
    </feed>`;
    expect(await all(readMerchantXml(chunked(atom, 50)))).toEqual([
      {
        line: 1,
        record: {
          id: 'ACE-010',
          name: 'Brinco Dourado',
          description: 'Brinco leve',
          price: 59,
          available: true,
          attributes: { link: 'https://loja.example.com.br/p/ACE-010', currency: 'BRL' },
        },
      },
    ]);
  });

  it('refuses XML that is not well-formed, saying so', async () => {
    await expect(all(readMerchantXml(chunked('<rss><channel><item><g:id>X</g:id></item>', 10)))).rejects.toThrow(
      /the feed is not well-formed XML/,
    );
  });

  it('reads a TSV feed with its header row, g: prefixes or not, refusing a row of another width', async () => {
    const tsv = [
      'id\ttitle\tg:price\tavailability\tcustom_label_1',
      'VES-002\tVestido Midi\t349.90 BRL\tin_stock\tverão',
      'X\tcurto',
      '',
    ].join('\n');
    expect(await all(readMerchantTsv(chunked(tsv, 9)))).toEqual([
      {
        line: 1,
        record: {
          id: 'VES-002',
          name: 'Vestido Midi',
          price: 349.9,
          available: true,
          tags: ['verão'],
          attributes: { currency: 'BRL' },
        },
      },
      { line: 2, error: 'has 2 fields where the header names 5' },
    ]);
    await expect(all(readMerchantTsv(chunked('title\tprice\nA\t1 BRL\n', 100)))).rejects.toThrow(/must name an id column/);
  });
});
