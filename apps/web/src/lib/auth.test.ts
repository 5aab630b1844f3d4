import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAuth } from './auth';

describe('useAuth', () => {
  it('throws outside the provider', () => {
    function Probe() {
      useAuth();
      return null;
    }
    expect(() => renderToString(createElement(Probe))).toThrow('must be used within an AuthProvider');
  });
});
