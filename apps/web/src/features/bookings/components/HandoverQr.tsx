import { QRCodeSVG } from 'qrcode.react';
import * as styles from './Deal.css';

/** The handover code as a QR for the seller to scan; loaded with the held deal's dialog only. */
export default function HandoverQr({ code }: { code: string }) {
  return (
    <div className={styles.qr}>
      <QRCodeSVG value={code} size={128} title={`QR code of the handover code ${code}`} role="img" />
    </div>
  );
}
