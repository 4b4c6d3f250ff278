import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, port } from './config.ts';

const schema = Type.Object({
  PORT: port(8080, 'public port'),
  NAME: Type.String({ default: 'mediakit' }),
  SECRET: Type.String({ description: 'signing secret' }),
});

describe('loadConfig', () => {
  it('applies defaults, converts numbers and treats empty variables as unset', () => {
    expect(loadConfig(schema, { PORT: '9000', NAME: '', SECRET: 's' })).toEqual({
      PORT: 9000,
      NAME: 'mediakit',
      SECRET: 's',
    });
  });

  it('names every bad variable, what is wrong and what it got', () => {
    try {
      loadConfig(schema, { PORT: 'eighty' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(2);
      expect(problems.find((p) => p.startsWith('PORT'))).toMatch(/got "eighty".*public port/);
      expect(problems.find((p) => p.startsWith('SECRET'))).toMatch(/not set.*signing secret/);
    }
  });
});
