/** A picture drawn at first start for sample records (nothing is downloaded). */
export async function samplePicture(label: string, width = 480, height = 360): Promise<Buffer> {
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.charCodeAt(0)) % 360;
  const esc = label.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${h},55%,45%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.82}" cy="${height * 0.2}" r="${height * 0.35}" fill="rgba(255,255,255,0.12)"/>
    <text x="50%" y="54%" font-family="sans-serif" font-size="${Math.round(height / 8)}" fill="#fff" text-anchor="middle">${esc}</text>
  </svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}
