import { type AdInputBody, type Pricing, perDeliveryCost } from '@quiz-points/shared';

type ParsedAdInput = Omit<AdInputBody, 'correctOptionIndex'>;

/**
 * What a submission (new or resubmitted) stores on the ad: the advertiser's content, the pricing in
 * force now, and pending review. The admin's house ads cost nothing; users are still rewarded.
 */
export function submittedAdValues(body: ParsedAdInput, pricing: Pricing, isAdmin: boolean) {
  return {
    adTitle: body.adTitle,
    adProvider: body.adProvider,
    adUrl: body.adUrl,
    quizQuestion: body.quizQuestion,
    quizOptions: body.quizOptions,
    maxDeliveries: body.maxDeliveries,
    targetGender: body.targetGender,
    targetAgeRange: body.targetAgeRange,
    userReward: pricing.userReward,
    baseFee: isAdmin ? 0 : pricing.baseFee,
    extraTargetingFee: isAdmin ? 0 : pricing.extraTargetingFee,
    unitPrice: isAdmin ? 0 : perDeliveryCost(pricing, body),
    status: 'pending' as const,
    isActive: false,
  };
}
