/** Bracket notation read back (templates/validators/brackets.ts), through the form coercion the validators run. */
import { describe, expect, it } from 'vitest';
import { unbracket } from '../../templates/validators/brackets.ts';
import { coerceForm } from '../../templates/validators/io.ts';

const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('bracket notation', () => {
  it('folds indexed and keyed fields into arrays and objects, leaves coerced by their path', () => {
    const body = {
      'expand[0]': 'customer',
      'expand[1]': 'invoice',
      'items[0][price]': 'price_1',
      'items[0][quantity]': '2',
      'items[1][price]': 'price_2',
      'expires_after[anchor]': 'created_at',
      'expires_after[days]': '7',
      'metadata[tier]': 'gold',
      'flags[]': ['true', 'false'],
      name: 'plain',
    };
    const out = coerceForm(
      body,
      {
        expand: 'list',
        'items[][quantity]': 'number',
        'expires_after[days]': 'number',
        'flags[]': 'boolean',
      },
      true,
    );
    expect(plain(out)).toEqual({
      expand: ['customer', 'invoice'],
      items: [{ price: 'price_1', quantity: 2 }, { price: 'price_2' }],
      expires_after: { anchor: 'created_at', days: 7 },
      metadata: { tier: 'gold' },
      flags: [true, false],
      name: 'plain',
    });
  });

  it('a multipart body: bracketed fields folded, except the properties named with their brackets', () => {
    const body = {
      'include[]': ['logprobs', 'segments'],
      'expires_after[anchor]': 'created_at',
      'expires_after[seconds]': '3600',
      'image[]': ['a.png', 'b.png'],
      model: 'm',
    };
    const out = coerceForm(body, { include: 'list', 'expires_after[seconds]': 'number' }, ['image[]']);
    expect(plain(out)).toEqual({
      include: ['logprobs', 'segments'],
      expires_after: { anchor: 'created_at', seconds: 3600 },
      'image[]': ['a.png', 'b.png'],
      model: 'm',
    });
    // Without brackets asked for, every field keeps its name.
    expect(plain(coerceForm(body, {}))).toEqual(body);
  });

  it('keeps a huge index as an object key (no huge sparse array) and __proto__ as a plain key', () => {
    const out = unbracket({ 'a[99999999]': 'x', '__proto__[polluted]': 'yes' }, (_p, v) => v);
    expect(JSON.stringify(out)).toBe('{"a":{"99999999":"x"},"__proto__":{"polluted":"yes"}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("coerces a map's values whatever their key (`[*]` in the table), below a field and inside arrays", () => {
    const out = coerceForm(
      {
        'currency_options[usd][amount_off]': '5',
        'currency_options[eur][amount_off]': '6',
        'currency_options[eur][enabled]': 'true',
        'tiers[0][prices][gbp]': '7',
        'metadata[note]': '8',
      },
      {
        'currency_options[*][amount_off]': 'number',
        'currency_options[*][enabled]': 'boolean',
        'tiers[][prices][*]': 'number',
        '*': 'map',
      },
      true,
    );
    expect(plain(out)).toEqual({
      currency_options: { usd: { amount_off: 5 }, eur: { amount_off: 6, enabled: true } },
      tiers: [{ prices: { gbp: 7 } }],
      metadata: { note: '8' },
    });
  });
});
