// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContract, SHARED_SINGLETONS, sharedContract } from '@xiaoba/shared/federation';
import { contractMismatch, parseContract, SHARED_CONTRACT, type BuildContract } from './contract';

const shell: BuildContract = { shared: '1', singletons: { react: '19.3.1', 'react-dom': '19.3.1', '@xiaoba/shared': '0.1.0' } };
const copy = (): BuildContract => ({ shared: shell.shared, singletons: { ...shell.singletons } });

describe('contractMismatch', () => {
  it('is null when every field is equal, whatever the key order', () => {
    const reordered = { shared: '1', singletons: { '@xiaoba/shared': '0.1.0', 'react-dom': '19.3.1', react: '19.3.1' } };
    expect(contractMismatch(reordered, shell)).toBeNull();
  });

  it('names a singleton whose version differs, remote first', () => {
    const remote = copy();
    remote.singletons.react = '19.1.0';
    expect(contractMismatch(remote, shell)).toBe('react: remote 19.1.0, shell 19.3.1');
  });

  it('names a different shared contract', () => {
    expect(contractMismatch({ ...copy(), shared: '2' }, shell)).toBe('@xiaoba/shared contract: remote 2, shell 1');
  });

  it('names a singleton only one side shares', () => {
    const remote = copy();
    remote.singletons.axios = '1.21.1';
    expect(contractMismatch(remote, shell)).toBe('axios: remote 1.21.1, shell not shared');
    const less = copy();
    delete less.singletons['react-dom'];
    expect(contractMismatch(less, shell)).toBe('react-dom: remote not shared, shell 19.3.1');
  });

  it('refuses a remote without a contract or with a malformed one', () => {
    for (const bad of [
      undefined,
      null,
      'x',
      { shared: 1, singletons: {} },
      { shared: '1' },
      { shared: '1', singletons: { react: 19 } },
      { shared: '1', singletons: [] },
    ]) {
      expect(contractMismatch(bad, shell)).toMatch(/no build contract/);
      expect(parseContract(bad)).toBeUndefined();
    }
  });
});

describe('the build contract (shared/build/federation.mjs)', () => {
  it('reads SHARED_CONTRACT from its source as the module exports it', () => {
    expect(sharedContract()).toBe(SHARED_CONTRACT);
  });

  it('lists every federated singleton with the version installed for the workspace', () => {
    const root = join(import.meta.dirname, '..', '..', '..', 'mf-home');
    const contract = buildContract(root);
    expect(contract.shared).toBe(SHARED_CONTRACT);
    expect(Object.keys(contract.singletons).sort()).toEqual([...SHARED_SINGLETONS].sort());
    const require = createRequire(join(root, 'package.json'));
    for (const name of SHARED_SINGLETONS) {
      const installed = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
      expect(contract.singletons[name]).toBe(installed);
      expect(contract.singletons[name]).toMatch(/^\d+\.\d+\.\d+/);
    }
  });
});
