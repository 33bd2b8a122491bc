// The schema.org shapes a listing page's JSON-LD relies on (Product with an Offer), as a JSON Schema: what
// Google's product results require or read, with URL-valued enumerations spelled as schema.org defines them.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ??
  addFormatsPlugin) as typeof addFormatsPlugin;

const httpUrl = { type: 'string', format: 'uri', pattern: '^https?://' };
const schemaOrg = (...names: string[]) => ({ enum: names.map((name) => `https://schema.org/${name}`) });

export const productSchema = {
  type: 'object',
  required: ['@context', '@type', 'name', 'image', 'offers'],
  properties: {
    '@context': { const: 'https://schema.org' },
    '@type': { const: 'Product' },
    name: { type: 'string', minLength: 1 },
    description: { type: 'string' },
    image: { type: 'array', minItems: 1, items: httpUrl },
    brand: {
      type: 'object',
      required: ['@type', 'name'],
      properties: { '@type': { const: 'Brand' }, name: { type: 'string', minLength: 1 } },
    },
    offers: {
      type: 'object',
      required: ['@type', 'price', 'priceCurrency', 'availability', 'itemCondition', 'url'],
      properties: {
        '@type': { const: 'Offer' },
        url: httpUrl,
        // schema.org: a Number, or Text with '.' as the decimal separator and no currency symbol.
        price: {
          anyOf: [
            { type: 'number', exclusiveMinimum: 0 },
            { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' },
          ],
        },
        priceCurrency: { type: 'string', pattern: '^[A-Z]{3}$' },
        availability: schemaOrg(
          'InStock',
          'SoldOut',
          'OutOfStock',
          'PreOrder',
          'BackOrder',
          'Discontinued',
          'LimitedAvailability',
          'InStoreOnly',
          'OnlineOnly',
        ),
        itemCondition: schemaOrg('NewCondition', 'UsedCondition', 'RefurbishedCondition', 'DamagedCondition'),
        seller: {
          type: 'object',
          required: ['@type', 'name'],
          properties: {
            '@type': { enum: ['Person', 'Organization'] },
            name: { type: 'string', minLength: 1 },
          },
        },
      },
    },
  },
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
export const validateProduct = ajv.compile(productSchema);
