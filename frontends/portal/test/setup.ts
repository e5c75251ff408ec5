// jsdom lacks a few browser APIs MUI and the portal use
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy / waitFor give up after 1 s by default: on the 2-core machine with the whole suite beside them, a
// react-admin or wizard render takes longer now and then (a flaky red, not a bug); 5 s still fails a real miss fast
configure({ asyncUtilTimeout: 5000 });
