import { describe, expect, it } from 'vitest';
import { adminPasswordProblem, createAdminAuth } from './adminAuth.ts';

describe('the admin password serve accepts', () => {
  it.each([
    ['short', /at least 12 characters/],
    ['', /empty or only whitespace/],
    [' '.repeat(12), /empty or only whitespace/],
    ['\t\n  \u00a0\u3000    \t\t\t', /empty or only whitespace/],
    ['password1234', /list of common passwords/],
    ['Password1234', /list of common passwords/],
    ['  qwerty123456  ', /list of common passwords/],
    ['1q2w3e4r5t6y', /list of common passwords/],
    ['123456789012', /list of common passwords/],
    ['correct horse battery staple', null],
    ['e2e inbox password', null],
    ['a long passphrase', null],
    ['Tr0ub4dor&3-harbourside', null],
  ])('%j: %s', async (password, problem) => {
    const found = await adminPasswordProblem({ password });
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it('serve refuses to start the inbox with one (createAdminAuth throws the message)', async () => {
    await expect(createAdminAuth({ user: 'admin', password: ' '.repeat(12) })).rejects.toThrow('The admin password must not be empty or only whitespace');
    await expect(createAdminAuth({ user: 'admin', password: 'password1234' })).rejects.toThrow(/common passwords/);
  });
});
