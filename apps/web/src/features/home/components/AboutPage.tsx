/** About ReCell (decisions.md: About has real content). */
export function AboutPage() {
  return (
    <article aria-labelledby="about-title">
      <h1 id="about-title">About ReCell</h1>
      <p>
        ReCell is a marketplace for used mobile phones. Its name says what it does: re-sell a phone, and give
        a cell phone a second life. Buyers browse Xiaomi, Samsung and Apple phones by brand, book the one they
        want to meet its seller, keep a cart and pay by card. Sellers list phones, advertise them on the home
        page and see who booked them.
      </p>
      <h2>How it works</h2>
      <ol>
        <li>Browse a brand and compare phones: every card shows the price, condition and years of use.</li>
        <li>Book a phone and say where and how to meet. The seller sees your booking under My Buyers.</li>
        <li>Pay for your booking by card from My Orders. A phone that is paid for is marked sold.</li>
      </ol>
      <h2>Trust and safety</h2>
      <p>
        Sellers verified by our team carry a Verified badge. Anyone can report a listing that looks fake, and
        our admins review every report. Prices are always shown, never hidden behind a click.
      </p>
      <h2>Contact</h2>
      <p>
        Questions or a problem with a listing? Write to{' '}
        <a href="mailto:hello@recell.test">hello@recell.test</a>.
      </p>
    </article>
  );
}
