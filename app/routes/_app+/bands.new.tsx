import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { parseWithZod } from "~/utils/submission";
import { Link, useActionData } from "@remix-run/react";
import { requireUser } from "~/features/auth/auth.server";
import { createBand, currentBandCookieHeader } from "~/features/bands/bands.server";
import { CreateBandSchema } from "~/features/bands/schema";
import { CREATE_BAND_FAILED, CreateBandForm } from "~/features/bands/components/create-band-form";
import { redirectWithToast } from "~/utils/toast.server";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: CreateBandSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  let band;
  try {
    band = await createBand(user.id, submission.value.name, submission.value.timeZone);
  } catch (error) {
    console.error("Creating a band failed", error);
    return data(submission.reply({ formErrors: [CREATE_BAND_FAILED] }), { status: 500 });
  }

  // The new band becomes current in this browser (createBand already made it preferred).
  return redirectWithToast("/getting-started", { title: "Band created", description: `${band.name} has been created successfully` }, [await currentBandCookieHeader(band.id)]);
}

export default function NewBand() {
  const lastResult = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-lg">
      <p className="text-sm">
        <Link to="/getting-started" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          ← Getting Started
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">Create a band</h1>
      <p className="mt-2 text-slate-600">You’ll be its Band Leader. Invite your bandmates once it’s set up.</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <CreateBandForm lastResult={lastResult} />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Create a band · Bandroom" }];

export const ErrorBoundary = RouteErrorBoundary;
