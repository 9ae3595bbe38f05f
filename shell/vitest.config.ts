import { defineConfig } from 'vitest/config';

/**
 * The federation plugin generates `virtual:__federation__` only in a real build. In tests it
 * resolves to this stub, which a test replaces with `vi.mock('virtual:__federation__', ...)`;
 * a test that reaches a remote without mocking it gets a clear error instead of a network call.
 */
const FEDERATION = 'virtual:__federation__';
const federationStub = {
  name: 'federation-stub',
  enforce: 'pre' as const,
  resolveId: (id: string) => (id === FEDERATION ? `\0${FEDERATION}` : undefined),
  load: (id: string) =>
    id === `\0${FEDERATION}`
      ? `const unmocked = () => { throw new Error("vi.mock('${FEDERATION}') in this test"); };
         export const __federation_method_getRemote = unmocked;
         export const __federation_method_setRemote = unmocked;
         export const __federation_method_unwrapDefault = (m) => m;`
      : undefined,
};

export default defineConfig({
  plugins: [federationStub],
  test: { environment: 'happy-dom', testTimeout: 15_000, include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['@xiaoba/shared/testing/setup'] },
});
