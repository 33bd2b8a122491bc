import { Card } from '@recell/ui/Card';
import { Testimonial } from '@recell/ui/Testimonial';
import { grid } from '../../../components/styles.css';

export const testimonials = [
  {
    name: 'Farhana R.',
    role: 'Bought a Galaxy S21',
    quote: 'The phone was exactly as described. Meeting the seller took ten minutes.',
  },
  {
    name: 'Imran H.',
    role: 'Sold an iPhone 12 mini',
    quote: 'Listed on Monday, booked on Tuesday, paid on Wednesday.',
  },
  {
    name: 'Sadia K.',
    role: 'Bought a Redmi Note 12',
    quote: 'Seeing the years of use and the condition up front saved me a lot of questions.',
  },
  {
    name: 'Arif M.',
    role: 'Sells refurbished phones',
    quote: 'The Verified badge makes buyers trust my listings from the first look.',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Meet Our Satisfied Clients</h2>
      <ul className={grid}>
        {testimonials.map((testimonial) => (
          <Card key={testimonial.name} as="li">
            <Testimonial quote={testimonial.quote} name={testimonial.name} detail={testimonial.role} />
          </Card>
        ))}
      </ul>
    </section>
  );
}
