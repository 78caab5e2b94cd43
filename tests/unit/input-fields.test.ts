import { expect } from 'chai';
import fc from 'fast-check';
import { z } from 'zod';
import { textProblem } from '../../core/platform/text-rule';
import {
  bodyWholeNumber,
  hasControlCharacters,
  MAX_UNBOUNDED_TEXT_LENGTH,
  multilineText,
  queryBoolean,
  queryWholeNumber,
  singleLineText,
} from '../../core/plugin-api/input-fields';

const messagesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('input fields (the text, number and boolean rules of every schema)', () => {
  describe('text', () => {
    const name = singleLineText({ label: 'Name', max: 20 }).trim().min(2, 'Name must be at least 2 characters');
    const note = multilineText({ label: 'Note', max: 50 });

    it('refuses every control character but tab in one line, and allows line breaks in multi-line text, naming the field', () => {
      for (let code = 0; code < 0xa0; code++) {
        const character = String.fromCharCode(code);
        const control = code < 0x20 || code >= 0x7f;
        expect(hasControlCharacters(`a${character}b`), `U+${code.toString(16)}`).to.equal(control && character !== '\t');
        expect(hasControlCharacters(`a${character}b`, { multiline: true }), `U+${code.toString(16)}`).to.equal(
          control && !'\t\n\r'.includes(character),
        );
      }
      expect(messagesOf(name, 'Ann\u0000')).to.deep.equal(['Name must not contain control characters']);
      expect(messagesOf(name, 'Ann\nLee')).to.deep.equal(['Name must not contain control characters']);
      expect(name.parse('Ann\tLee')).to.equal('Ann\tLee');
      expect(note.parse('Line one\r\nLine two\n\tindented')).to.equal('Line one\r\nLine two\n\tindented');
      expect(messagesOf(note, 'bell\u0007')).to.deep.equal(['Note must not contain control characters']);
      expect(messagesOf(note, 'c1\u0085')).to.deep.equal(['Note must not contain control characters']);
    });

    it('refuses a value longer than its maximum with one message, before any other rule runs', () => {
      expect(messagesOf(name, 'x'.repeat(900_000))).to.deep.equal(['Name must be at most 20 characters']);
      expect(messagesOf(singleLineText({ label: 'Note', max: 10_000 }), 'x'.repeat(10_001))).to.deep.equal([
        'Note must be at most 10,000 characters',
      ]);
      expect(messagesOf(name, 42)).to.deep.equal(['Name must be text']);
    });

    it('never throws and never lets a control character or an overlong value through, whatever the string', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
          const result = name.safeParse(value);
          if (result.success) expect(hasControlCharacters(result.data) || result.data.length > 20).to.equal(false);
        }),
        { seed: 12, numRuns: 500 },
      );
    });
  });

  describe('numbers and booleans', () => {
    const storage = bodyWholeNumber({ label: 'additionalStorage', min: 1, max: 1024 ** 4 });
    const limit = queryWholeNumber({ label: 'limit', min: 1, max: 100 });

    it('takes a whole number in a JSON body only as a JSON number', () => {
      expect(storage.parse(1_073_741_824)).to.equal(1_073_741_824);
      for (const value of [true, '0x1F', '31', 31.5, null, [], Number.NaN, Infinity, 0, 1024 ** 4 + 1]) {
        expect(storage.safeParse(value).success, JSON.stringify(value)).to.equal(false);
      }
      expect(messagesOf(storage, true)).to.deep.equal(['additionalStorage must be a whole number from 1 to 1099511627776']);
    });

    it('takes a whole number in a query string only as decimal digits', () => {
      expect(limit.parse('25')).to.equal(25);
      expect(limit.parse('007')).to.equal(7);
      expect(limit.parse(25)).to.equal(25);
      for (const value of ['0x1F', '1e1', ' 5', '5 ', '5.0', '+5', '-5', '', 'true', true, ['5', '6'], '101', '0', '99999999999999999']) {
        expect(limit.safeParse(value).success, JSON.stringify(value)).to.equal(false);
      }
    });

    it('takes a boolean in a query string only as true or false', () => {
      const flag = queryBoolean('done');
      expect(flag.parse('true')).to.equal(true);
      expect(flag.parse('false')).to.equal(false);
      expect(flag.parse(false)).to.equal(false);
      for (const value of ['1', '0', 'TRUE', 'yes', '', 'on']) expect(flag.safeParse(value).success, value).to.equal(false);
      expect(messagesOf(flag, 'yes')).to.deep.equal(['done must be true or false']);
    });
  });

  describe('what a schema let through (parseBody checks it too)', () => {
    it('names the first string, value or key, at any depth, with a control character or beyond the general bound', () => {
      expect(textProblem({ title: 'ok', items: [{ text: 'fine\nmultiline\ttext' }] })).to.equal(null);
      expect(textProblem({ title: 'ok', items: [{ text: 'nul\u0000' }] })).to.deep.equal({
        field: 'items.0.text',
        message: 'items.0.text must not contain control characters',
      });
      expect(textProblem({ values: { 'bad\u0001key': 1 } })).to.deep.equal({
        field: 'values',
        message: 'values must not contain control characters',
      });
      expect(textProblem({ body: 'x'.repeat(MAX_UNBOUNDED_TEXT_LENGTH + 1) })?.message).to.equal('body must be at most 1,00,000 characters');
      expect(textProblem('\u0000')?.field).to.equal('Input');
    });
  });
});
