import { Link } from 'wouter';
import { QueryState } from '../../../components/QueryState';
import { StatusBadge } from '../../../components/StatusBadge';
import { button, table, tableWrap, thumb } from '../../../components/styles.css';
import { useBookings } from '../api/list-bookings';

/** /dashboard: the buyer's bookings, each with Pay or Paid (§4). */
export function MyOrdersPage({ email }: { email: string }) {
  const bookings = useBookings(email);
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">My Orders</h1>
      <QueryState query={bookings} label="your orders" empty="You have not booked any phone yet.">
        {({ items }) => (
          <div className={tableWrap}>
            <table className={table}>
              <thead>
                <tr>
                  <th scope="col">Picture</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Price</th>
                  <th scope="col">Payment</th>
                </tr>
              </thead>
              <tbody>
                {items.map((booking) => (
                  <tr key={booking._id}>
                    <td>
                      <img src={booking.picture} alt="" width={64} height={48} className={thumb} />
                    </td>
                    <td>{booking.MobileName}</td>
                    <td>${booking.price}</td>
                    <td>
                      {booking.paid ? (
                        <StatusBadge tone="good">Paid</StatusBadge>
                      ) : booking.price ? (
                        <Link
                          href={`/dashboard/payment/${booking._id}`}
                          className={button}
                          aria-label={`Pay for ${booking.MobileName}`}
                        >
                          Pay
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
