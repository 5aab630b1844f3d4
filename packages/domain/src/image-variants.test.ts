import { describe, expect, it } from 'vitest';
import { imageSrcSet, isImageUrl, variantUrl, variantWidths } from './image-variants';
import { imageUrlField } from './validation';

const ID = '0b6a3c1e-8d2f-4a5b-9c7d-1e2f3a4b5c6d';

describe('variantWidths', () => {
  it('keeps the standard widths below a large photo and caps it at the largest', () => {
    expect(variantWidths(4032)).toEqual([320, 640, 1280]);
  });
  it('never enlarges a small photo', () => {
    expect(variantWidths(500)).toEqual([320, 500]);
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(640)).toEqual([320, 640]);
  });
});

describe('imageSrcSet', () => {
  it('lists every width, the largest being the file itself', () => {
    expect(imageSrcSet(variantUrl(ID, [320, 640, 1280]))).toBe(
      `/api/files/${ID}?w=320 320w, /api/files/${ID}?w=640 640w, /api/files/${ID} 1280w`,
    );
  });
  it('has nothing to offer for URLs without widths', () => {
    expect(imageSrcSet(`/api/files/${ID}`)).toBeUndefined();
    expect(imageSrcSet('https://example.com/a.jpg?widths=320')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});

describe('isImageUrl', () => {
  it('takes http(s) links and our uploads, with or without their widths', () => {
    const id = '0b5f6c1e-7a7e-4c5d-9a51-1f0d3c2b4a99';
    expect(isImageUrl('https://exemplo.com.br/logo.png')).toBe(true);
    expect(isImageUrl(`/api/files/${id}`)).toBe(true);
    expect(isImageUrl(`/api/files/${id}?widths=320,640,1280`)).toBe(true);
    expect(isImageUrl(`/api/files/${id}?widths=320;drop`)).toBe(false);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
    expect(isImageUrl('/etc/passwd')).toBe(false);
  });

  it('a form field: blank is null, a bad address is refused in Portuguese', () => {
    expect(imageUrlField.parse('  ')).toBeNull();
    const bad = imageUrlField.safeParse('ftp://x');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Informe um endereço de imagem válido (http:// ou https://).');
  });
});
