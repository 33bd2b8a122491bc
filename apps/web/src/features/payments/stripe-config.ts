// Stripe in the browser needs only the publishable key; it is baked into the build (VITE_STRIPE_PUBLISHABLE_KEY),
// beside the server's STRIPE_SECRET_KEY. Without it the built-in test-mode processor's card form is used.
export function stripePublishableKey(
  env: Record<string, string | undefined> = import.meta.env,
): string | null {
  const key = env.VITE_STRIPE_PUBLISHABLE_KEY?.trim();
  return key ? key : null;
}
