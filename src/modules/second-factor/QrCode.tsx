import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';

/** The otpauth:// address as a QR code, drawn here in the browser (no outside service sees the secret). */
export function QrCode({ text, alt }: { text: string; alt: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let live = true;
    void toDataURL(text, { margin: 1, width: 200 }).then((made) => {
      if (live) setUrl(made);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return url ? <img src={url} alt={alt} width={200} height={200} data-otpauth={text} /> : <div style={{ width: 200, height: 200 }} />;
}
