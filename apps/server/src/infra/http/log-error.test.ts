import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializeLoggedError } from './log-error.ts';
import { redactSensitive } from './logger.ts';

const CPF = '529.982.247-25';
const EMAIL = 'fulana@example.com.br';

/** An error as the PostgreSQL drivers give it: the message plus the server's fields. */
function postgresError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('serializeLoggedError', () => {
  it("keeps what failed and where, and drops the query's parameters and PostgreSQL's detail, where and hint", () => {
    const cause = postgresError('duplicate key value violates unique constraint "users_email_unique"', {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_email_unique',
      table: 'users',
      detail: `Key (lower(email))=(${EMAIL}) already exists.`,
      where: `SQL statement "insert into users values ('${CPF}')"`,
      internalQuery: `select '${CPF}'`,
      hint: `try ${EMAIL}`,
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "cpf") values ($1, $2)',
      [EMAIL, CPF],
      cause,
    );

    const logged = serializeLoggedError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(CPF);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email", "cpf") values ($1, $2)',
      cause: { code: '23505', constraint: 'users_email_unique', table: 'users', severity: 'ERROR' },
    });
    expect(logged).not.toHaveProperty('params');
    expect(logged).not.toHaveProperty('query');
    expect(logged.cause).not.toHaveProperty('detail');
    expect(String(logged.stack)).toMatch(/^DrizzleQueryError: Failed query: insert into[^\n]*\n\s+at /);
  });

  it('hides values a database message quotes or a statement writes inline', () => {
    const refused = postgresError(`invalid input syntax for type integer: "${CPF}"`, { code: '22P02' });
    expect(serializeLoggedError(refused).message).toBe('invalid input syntax for type integer: "[REDACTED]"');
    const outOfRange = postgresError('value "2147483648" is out of range for type integer', {
      code: '22003',
    });
    expect(serializeLoggedError(outOfRange).message).toBe(
      'value "[REDACTED]" is out of range for type integer',
    );
    const named = postgresError('duplicate key value violates unique constraint "users_email_unique"', {
      code: '23505',
    });
    expect(serializeLoggedError(named).message).toContain('"users_email_unique"');
    const inline = new DrizzleQueryError(`select * from users where email = '${EMAIL}'`, []);
    expect(serializeLoggedError(inline).message).toBe(
      "Failed query: select * from users where email = '[REDACTED]'",
    );
  });

  it('hides e-mail addresses, CPFs and CNPJs that any message quotes (an SMTP server, a library)', () => {
    const smtp = new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${EMAIL}>: rejected`);
    expect(serializeLoggedError(smtp).message).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[REDACTED]>: rejected",
    );
    const documents = new Error(
      `checking ${CPF}, 52998224725, 11.222.333/0001-81 and 11222333000181 at 1764064800000`,
    );
    expect(serializeLoggedError(documents).message).toBe(
      'checking [REDACTED], [REDACTED], [REDACTED] and [REDACTED] at 1764064800000',
    );
    expect(serializeLoggedError(smtp).stack).not.toContain(EMAIL);
  });

  it("keeps an application error's own message, code and status, and follows causes a few levels only", () => {
    let error: Error = new Error('root');
    for (let level = 0; level < 10; level++) error = new Error(`level ${level}`, { cause: error });
    const logged = serializeLoggedError(Object.assign(error, { code: 'FST_ERR', statusCode: 500 }));
    expect(logged).toMatchObject({ message: 'level 9', code: 'FST_ERR', statusCode: 500 });
    expect(JSON.stringify(logged)).not.toContain('root');
  });

  it('is applied by the log formatter to errors under any key', () => {
    const error = new DrizzleQueryError('select $1', [CPF]);
    const redacted = redactSensitive({ reason: error, nested: { failure: error } });
    expect(JSON.stringify(redacted)).not.toContain(CPF);
    expect(redacted).toMatchObject({ reason: { message: 'Failed query: select $1' } });
  });
});
